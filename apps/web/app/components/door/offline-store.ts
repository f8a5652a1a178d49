import type { DoorSession, DoorTicket, Scan, TicketKey } from "@eventwerk/contract";
import { type DBSchema, type IDBPDatabase, openDB } from "idb";

/** A scan made without the network, waiting to be sent. */
export type QueuedScan = Required<Pick<Scan, "scan_id" | "code" | "entry_type" | "scanned_at">> &
  Pick<Scan, "device" | "decided">;

interface DoorDb extends DBSchema {
  tickets: { key: number; value: DoorTicket };
  queue: { key: string; value: QueuedScan & { event_id: number } };
  meta: { key: string; value: { session: DoorSession; keys: TicketKey[] } };
}

/**
 * What the scanner keeps on the device (IndexedDB): the event's ticket list, the public keys and
 * the scans still to send. A browser's storage outlives a reload and a network outage.
 */
export async function openDoorStore() {
  const db: IDBPDatabase<DoorDb> = await openDB<DoorDb>("eventwerk-door", 1, {
    upgrade(database) {
      database.createObjectStore("tickets", { keyPath: "id" });
      database.createObjectStore("queue", { keyPath: "scan_id" });
      database.createObjectStore("meta");
    },
  });
  return {
    async saveList(session: DoorSession, keys: TicketKey[], tickets: DoorTicket[]) {
      const tx = db.transaction(["tickets", "meta"], "readwrite");
      const store = tx.objectStore("tickets");
      await store.clear();
      await Promise.all(tickets.map((ticket) => store.put(ticket)));
      await tx.objectStore("meta").put({ session, keys }, "current");
      await tx.done;
    },
    meta: () => db.get("meta", "current"),
    ticket: (id: number) => db.get("tickets", id),
    putTicket: (ticket: DoorTicket) => db.put("tickets", ticket),
    enqueue: (scan: QueuedScan, eventId: number) => db.put("queue", { ...scan, event_id: eventId }),
    async queued(eventId: number): Promise<QueuedScan[]> {
      const all = await db.getAll("queue");
      return all
        .filter((scan) => scan.event_id === eventId)
        .sort((a, b) => a.scanned_at.localeCompare(b.scanned_at))
        .map(({ event_id: _, ...scan }) => scan);
    },
    async remove(ids: string[]) {
      const tx = db.transaction("queue", "readwrite");
      await Promise.all(ids.map((id) => tx.store.delete(id)));
      await tx.done;
    },
  };
}
export type DoorStore = Awaited<ReturnType<typeof openDoorStore>>;
