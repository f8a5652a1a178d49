import QRCode from "qrcode";

/** A QR code as SVG markup, made on the server: the browser loads no QR library. */
export const qrSvg = (text: string) =>
  QRCode.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
