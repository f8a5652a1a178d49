import { type CheckoutOrder, includedVatCents, type Locale } from "@eventwerk/contract";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { t } from "../messages.ts";
import { eventDate, money, vatLine } from "./format.ts";

/** Where the event takes place, as printed on a ticket. */
export type TicketVenue = { name: string; address: string };

const A6 = { width: 298, height: 420 };
const MARGIN = 24;

/** The ticket's signed code as a QR code of filled squares (vector: sharp at any print size). */
function drawQr(doc: PDFKit.PDFDocument, code: string, x: number, y: number, size: number) {
  const qr = QRCode.create(code, { errorCorrectionLevel: "M" });
  const count = qr.modules.size;
  // A quiet zone of four modules, as scanners expect.
  const cell = size / (count + 8);
  doc.save().rect(x, y, size, size).fill("#ffffff").fillColor("#000000");
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.modules.get(row, col)) {
        doc.rect(x + (col + 4) * cell, y + (row + 4) * cell, cell, cell);
      }
    }
  }
  doc.fill("#000000").restore();
}

/**
 * The order's tickets (or the one asked for) as a PDF, one A6 page per ticket: QR code, event,
 * date, venue, ticket type, price and order number, in the buyer's language. The QR code holds
 * only the signed ticket code (no personal data).
 */
export async function ticketsPdf(
  order: CheckoutOrder,
  venue: TicketVenue,
  locale: Locale,
  site: string,
  ticketIds?: number[],
): Promise<Buffer> {
  const tickets = order.tickets.filter((ticket) => !ticketIds || ticketIds.includes(ticket.id));
  const doc = new PDFDocument({
    size: [A6.width, A6.height],
    margin: MARGIN,
    autoFirstPage: false,
    info: {
      Title: t(locale, "ticket_pdf_title", { event: order.event.title, order: order.id }),
      Author: site,
      Creator: site,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = A6.width - 2 * MARGIN;
  const format = (cents: number) => money(cents, order.currency, locale);
  tickets.forEach((ticket, index) => {
    doc.addPage();
    doc.font("Helvetica-Bold").fontSize(9).fillColor("#555555");
    doc.text(site.toUpperCase(), MARGIN, MARGIN, { width, characterSpacing: 1 });
    doc.fillColor("#000000").fontSize(15).text(order.event.title, { width });
    doc.moveDown(0.3).font("Helvetica").fontSize(10);
    doc.text(eventDate(order.event.starts_at, locale), { width });
    doc.text(`${venue.name}, ${venue.address}`, { width });
    const qrSize = 170;
    const qrY = doc.y + 10;
    drawQr(doc, ticket.code, MARGIN + (width - qrSize) / 2, qrY, qrSize);
    doc.y = qrY + qrSize + 10;
    const rows: [string, string][] = [
      [t(locale, "ticket_pdf_type"), ticket.ticket_type_name],
      [t(locale, "ticket_pdf_price"), format(ticket.price_cents - ticket.discount_cents)],
      [t(locale, "ticket_pdf_order"), String(order.id)],
      [
        t(locale, "ticket_pdf_ticket"),
        t(locale, "ticket_pdf_of", { n: index + 1, count: tickets.length, id: ticket.id }),
      ],
    ];
    for (const [label, value] of rows) {
      const y = doc.y;
      doc.font("Helvetica").fontSize(9).fillColor("#555555").text(label, MARGIN, y, { width: 90 });
      doc
        .font("Helvetica-Bold")
        .fontSize(10)
        .fillColor("#000000")
        .text(value, MARGIN + 95, y, { width: width - 95 });
      doc.moveDown(0.2);
    }
    const notes: string[] = [];
    if (order.discount_cents > 0 && ticket.discount_cents > 0) {
      notes.push(t(locale, "ticket_pdf_discount", { amount: format(ticket.discount_cents) }));
    }
    // The rate the ticket's order item was sold at (an order has one item per ticket type).
    const sold = order.items.find((item) => item.ticket_type_id === ticket.ticket_type_id);
    if (sold) {
      const gross = ticket.price_cents - ticket.discount_cents;
      notes.push(
        vatLine(
          { percent: sold.vat_percent, vat_cents: includedVatCents(gross, sold.vat_percent) },
          order.currency,
          locale,
        ),
      );
    }
    for (const note of notes) {
      doc.font("Helvetica").fontSize(8).fillColor("#555555").text(note, MARGIN);
    }
  });
  doc.end();
  return done;
}
