/**
 * The rear camera as a stream of decoded QR codes: the browser's BarcodeDetector where it has
 * one, else jsQR (loaded only then) on frames drawn into a canvas.
 */
type Detector = { detect: (source: CanvasImageSource) => Promise<{ rawValue: string }[]> };
type DetectorConstructor = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
};

async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
  if (!Native) return null;
  const formats = (await Native.getSupportedFormats?.()) ?? [];
  return formats.includes("qr_code") ? new Native({ formats: ["qr_code"] }) : null;
}

async function canvasDecoder(video: HTMLVideoElement) {
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async () => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (!context || !width || !height) return null;
    // A third of a phone camera's pixels is plenty for a code held up to it, and thrice as fast.
    const scale = Math.min(1, 640 / Math.max(width, height));
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return (
      jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" })?.data ?? null
    );
  };
}

export type Camera = {
  stop: () => void;
  /** Null when the camera has no torch (most front cameras, most laptops). */
  setTorch: ((on: boolean) => Promise<void>) | null;
};

export async function startCamera(
  video: HTMLVideoElement,
  onCode: (code: string) => void,
): Promise<Camera> {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 } },
    audio: false,
  });
  video.srcObject = stream;
  video.setAttribute("playsinline", "");
  video.muted = true;
  await video.play();
  const native = await nativeDetector();
  const decode = native
    ? async () => (await native.detect(video))[0]?.rawValue ?? null
    : await canvasDecoder(video);

  let stopped = false;
  const loop = async () => {
    if (stopped) return;
    try {
      const code = await decode();
      if (code) onCode(code);
    } catch {
      // A frame that could not be read: the next one will do.
    }
    setTimeout(loop, 120);
  };
  void loop();

  const [track] = stream.getVideoTracks();
  const capabilities = (track?.getCapabilities?.() ?? {}) as { torch?: boolean };
  return {
    stop: () => {
      stopped = true;
      for (const t of stream.getTracks()) t.stop();
    },
    setTorch: capabilities.torch
      ? (on) => track!.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] })
      : null,
  };
}

/** A short tone and a buzz per verdict: staff need not look at the screen to know. */
export function signal(tone: "green" | "amber" | "red") {
  const pattern = { green: [80], amber: [120, 60, 120], red: [300] }[tone];
  navigator.vibrate?.(pattern);
  try {
    const audio = new AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = { green: 880, amber: 520, red: 220 }[tone];
    oscillator.type = tone === "red" ? "square" : "sine";
    gain.gain.value = 0.15;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + (tone === "red" ? 0.35 : 0.15));
    oscillator.onended = () => void audio.close();
  } catch {
    // No audio (autoplay rules before the first tap): the colour and the buzz remain.
  }
}
