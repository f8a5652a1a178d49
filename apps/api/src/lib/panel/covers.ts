import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { coverMaxBytes } from "@eventwerk/contract";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "../../db/client.ts";
import { events } from "../../db/schema.ts";
import { coverDir, coverHeight, coverPath, coverWidths } from "../../seed/data/covers.ts";
import { fieldError, HttpError } from "../http-error.ts";
import { audit } from "./audit.ts";
import { ownedEvent } from "./events.ts";

/**
 * Uploaded covers live under `DATA_DIR/storage` and are served beside the bundled artwork under
 * the same storage prefix and names (`covers/<name>-<width>.webp`), so pages treat both alike.
 */
export const uploadStorageDir = (dataDir: string) => path.join(dataDir, "storage");

const uploadPrefix = "upload-";
/** What the picture's own bytes say it is; its name and declared type are not trusted. */
const acceptedFormats = new Set(["jpeg", "png", "webp"]);
/** Larger pictures are refused before decoding (a small file can claim a huge canvas). */
const maxPixels = 50_000_000;

async function coverFormat(bytes: Buffer): Promise<void> {
  const meta = await sharp(bytes, { limitInputPixels: maxPixels })
    .metadata()
    .catch(() => null);
  if (!meta?.format || !acceptedFormats.has(meta.format)) throw fieldError("cover", "cover_type");
}

/** The cover in every width as 16:9 WebP, cropped around the picture's most eventful part. */
async function renderCover(bytes: Buffer): Promise<Map<number, Buffer>> {
  const sizes = new Map<number, Buffer>();
  for (const width of coverWidths) {
    const output = await sharp(bytes, { limitInputPixels: maxPixels })
      .rotate()
      .resize(width, coverHeight(width), { fit: "cover", position: sharp.strategy.attention })
      .webp({ quality: 78 })
      .toBuffer()
      .catch(() => {
        throw fieldError("cover", "cover_type");
      });
    sizes.set(width, output);
  }
  return sizes;
}

/**
 * Replaces an event's cover with an uploaded JPEG, PNG or WebP: checked by content, rendered in
 * the demo covers' sizes, then stored; a bad picture writes nothing. The previous upload's files
 * go once no event (a duplicate may share them) points at them.
 */
export async function uploadCover(
  db: Database,
  dataDir: string,
  organiserId: string,
  eventId: number,
  bytes: Buffer,
): Promise<void> {
  const before = await ownedEvent(db, organiserId, eventId);
  if (before.status === "cancelled") throw new HttpError(409, "conflict", "event_cancelled");
  if (bytes.byteLength === 0) throw fieldError("cover", "cover_type");
  if (bytes.byteLength > coverMaxBytes) {
    throw new HttpError(413, "payload_too_large", "cover_too_large", { cover: "cover_too_large" });
  }
  await coverFormat(bytes);
  const sizes = await renderCover(bytes);
  const name = `${uploadPrefix}${randomUUID()}`;
  const root = uploadStorageDir(dataDir);
  await mkdir(path.join(root, coverDir), { recursive: true });
  const files = [...sizes].map(([width, data]) => ({
    file: path.join(root, coverPath(name, width)),
    data,
  }));
  await Promise.all(files.map(({ file, data }) => writeFile(file, data)));
  // The cover this upload replaces, read under the event's lock: two uploads at once each replace
  // the one before them, and the first's files do not stay behind with nothing pointing at them.
  let replaced: string;
  try {
    replaced = await db.transaction(async (tx) => {
      const event = await ownedEvent(tx, organiserId, eventId, { lock: true });
      if (event.status === "cancelled") throw new HttpError(409, "conflict", "event_cancelled");
      await tx
        .update(events)
        .set({ coverImage: name, updatedAt: new Date() })
        .where(eq(events.id, eventId));
      await audit(tx, {
        actorId: organiserId,
        organiserId,
        eventId,
        action: "event_cover_uploaded",
      });
      return event.coverImage;
    });
  } catch (error) {
    await Promise.all(files.map(({ file }) => rm(file, { force: true })));
    throw error;
  }
  await removeUnusedCover(db, root, replaced);
}

async function removeUnusedCover(db: Database, root: string, name: string) {
  if (!name.startsWith(uploadPrefix)) return;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(events)
    .where(eq(events.coverImage, name));
  if (Number(row?.n) > 0) return;
  await Promise.all(
    coverWidths.map((width) => rm(path.join(root, coverPath(name, width)), { force: true })),
  );
}
