import {
  type DoorCounters,
  type DoorSession,
  type EntryType,
  type ScanOutcome,
  type ScanResult,
  scanTone,
  type TicketKey,
  takesScanCode,
} from "@eventwerk/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { pageMessagesPrefix } from "../../i18n/page-messages";
import { Icon, iconSpriteUrl } from "../icon";
import { type Camera, signal, startCamera } from "./camera";
import { decideOffline } from "./decide";
import { type DoorStore, openDoorStore, type QueuedScan } from "./offline-store";
import { sendableScans, syncBatch } from "./sync-batch";

/**
 * The offline check of a code's signature, with zod's core for its payload (5 kB of gzip): loaded
 * right after the page rather than with it, since online scans are checked by the API. A load
 * that failed (the network went in that moment) is tried again at the next call.
 */
let ticketCodesModule: Promise<typeof import("@eventwerk/contract/ticket-code")> | undefined;
const ticketCodes = () => {
  ticketCodesModule ??= import("@eventwerk/contract/ticket-code").catch((error: unknown) => {
    ticketCodesModule = undefined;
    throw error;
  });
  return ticketCodesModule;
};

/** How long a verdict fills the screen, and how long the same code is not read again. */
const verdictMs = 1600;
const sameCodePauseMs = 2500;

/** The API refused the door link (401): revoked or expired, not a network failure. */
class DoorLinkRefused extends Error {
  override name = "DoorLinkRefused";
}

type Verdict = {
  result: ScanResult;
  entryType: EntryType;
  ticket: ScanOutcome["ticket"];
  entered: ScanOutcome["entered"];
  offline: boolean;
};

const toneClasses = {
  green: "bg-green-700 text-white",
  amber: "bg-amber-300 text-neutral-950",
  red: "bg-red-700 text-white",
} as const;
const toneIcons = {
  green: "circle-check",
  amber: "circle-exclamation-point",
  red: "circle-x",
} as const;

function deviceName(): string {
  const saved = localStorage.getItem("door-device");
  if (saved) return saved;
  const name = `Scanner ${crypto.randomUUID().slice(0, 4).toUpperCase()}`;
  localStorage.setItem("door-device", name);
  return name;
}

/**
 * The door scanner: camera (or typed code) in, a full-screen verdict out. Online, the API decides
 * and records; offline, the device decides from its cached ticket list and signed codes and
 * queues the scan in IndexedDB until the network is back.
 */
export function ScannerApp({
  session: initialSession,
  dataUrl,
  onRefused,
}: {
  session: DoorSession;
  dataUrl: string;
  onRefused: () => void;
}) {
  const t = useTranslations("door");
  const format = useFormatter();
  const [session, setSession] = useState(initialSession);
  const [counters, setCounters] = useState<DoorCounters>(initialSession.counters);
  const [entryType, setEntryType] = useState<EntryType>("entry");
  const [online, setOnline] = useState(true);
  const [queued, setQueued] = useState(0);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [cameraState, setCameraState] = useState<"starting" | "on" | "unavailable">("starting");
  const [torch, setTorch] = useState<boolean | null>(null);
  const [code, setCode] = useState("");
  const [ready, setReady] = useState(false);
  // Some doors check an ID with the ticket: the verdict then stays until it is tapped away.
  const [hold, setHold] = useState(false);
  const holdRef = useRef(hold);
  holdRef.current = hold;

  const store = useRef<DoorStore | null>(null);
  const keys = useRef<TicketKey[]>([]);
  const camera = useRef<Camera | null>(null);
  const video = useRef<HTMLVideoElement | null>(null);
  const lastCode = useRef<{ code: string; at: number } | null>(null);
  const modeRef = useRef(entryType);
  modeRef.current = entryType;
  const device = useRef("");
  const verdictTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const post = useCallback(
    async (body: unknown) => {
      const response = await fetch(dataUrl, {
        method: "POST",
        body: new URLSearchParams({ body: JSON.stringify(body) }),
      });
      if (response.status === 401) {
        onRefused();
        throw new DoorLinkRefused();
      }
      if (!response.ok) throw new Error(`scan failed: ${response.status}`);
      return response.json();
    },
    [dataUrl, onRefused],
  );

  const countQueue = useCallback(async () => {
    if (store.current) setQueued((await store.current.queued(session.event.id)).length);
  }, [session.event.id]);

  const flush = useCallback(async () => {
    const db = store.current;
    if (!db || !navigator.onLine) return;
    const { send, drop } = sendableScans(await db.queued(session.event.id), session.mode);
    if (drop.length) await db.remove(drop.map((scan) => scan.scan_id));
    // Oldest first, a batch within the post's size limit; the rest go with the next flush.
    const scans = syncBatch(send);
    if (scans.length === 0) return countQueue();
    try {
      const answer: { counters: DoorCounters } = await post({
        scans,
        sent_at: new Date().toISOString(),
      });
      await db.remove(scans.map((scan) => scan.scan_id));
      setCounters(answer.counters);
      setOnline(true);
    } catch {
      setOnline(false);
    }
    await countQueue();
  }, [post, countQueue, session.event.id, session.mode]);

  // The ticket list and keys: fresh from the server when it answers, else what the device kept.
  const loadList = useCallback(async () => {
    const db = store.current;
    if (!db) return;
    try {
      const response = await fetch(dataUrl, { headers: { accept: "application/json" } });
      if (response.status === 401) return onRefused();
      if (!response.ok) throw new Error(String(response.status));
      const data = await response.json();
      await db.saveList(data.session, data.keys, data.tickets);
      keys.current = data.keys;
      setSession(data.session);
      setCounters(data.session.counters);
    } catch {
      const kept = await db.meta();
      if (kept) keys.current = kept.keys;
    }
  }, [dataUrl, onRefused]);

  const show = useCallback((next: Verdict) => {
    clearTimeout(verdictTimer.current);
    setVerdict(next);
    signal(scanTone(next.result));
    if (!holdRef.current) verdictTimer.current = setTimeout(() => setVerdict(null), verdictMs);
  }, []);

  const decideHere = useCallback(
    async (scan: QueuedScan): Promise<Verdict> => {
      const db = store.current!;
      // Not loaded (the network went in the page's first moment and has not come back): the code
      // cannot be checked here and is refused as unsigned.
      const payload = await ticketCodes().then(
        ({ verifyTicketCode }) => verifyTicketCode(scan.code, keys.current),
        () => null,
      );
      const ticket =
        payload && payload.eid === session.event.id ? await db.ticket(payload.tid) : undefined;
      const result = decideOffline({
        code: scan.code,
        payload,
        event: session.event,
        ticket,
        entryType: scan.entry_type,
        at: new Date(scan.scanned_at),
      });
      // With what the staff saw: a person turned away here did not come in (or go out).
      await db.enqueue({ ...scan, decided: result }, session.event.id);
      if (ticket && result === "valid") {
        await db.putTicket({
          ...ticket,
          last: { entry_type: scan.entry_type, at: scan.scanned_at },
        });
        setCounters((current) => ({
          ...current,
          inside: current.inside + (scan.entry_type === "entry" ? 1 : -1),
          entered: current.entered + (scan.entry_type === "entry" && !ticket.last ? 1 : 0),
        }));
      }
      await countQueue();
      return {
        result,
        entryType: scan.entry_type,
        ticket: ticket
          ? { id: ticket.id, ticket_type: ticket.ticket_type, name: ticket.name }
          : null,
        entered:
          result === "already_inside" && ticket?.last ? { at: ticket.last.at, gate: null } : null,
        offline: true,
      };
    },
    [session.event, countQueue],
  );

  const handleCode = useCallback(
    async (raw: string) => {
      const value = raw.trim();
      if (!value || !store.current) return;
      const now = Date.now();
      if (lastCode.current?.code === value && now - lastCode.current.at < sameCodePauseMs) return;
      lastCode.current = { code: value, at: now };
      if (!takesScanCode(value)) {
        // No ticket's code (a stray QR code): answered here, neither sent nor queued.
        const entryType = modeRef.current;
        show({ result: "unknown_code", entryType, ticket: null, entered: null, offline: false });
        return;
      }
      const scan: QueuedScan = {
        scan_id: crypto.randomUUID(),
        code: value,
        entry_type: modeRef.current,
        scanned_at: new Date(now).toISOString(),
        device: device.current,
      };
      if (navigator.onLine) {
        try {
          const answer: { outcome: ScanOutcome; counters: DoorCounters } = await post({ scan });
          setOnline(true);
          setCounters(answer.counters);
          const { outcome } = answer;
          if (outcome.ticket && outcome.result === "valid") {
            const kept = await store.current.ticket(outcome.ticket.id);
            if (kept) {
              await store.current.putTicket({
                ...kept,
                last: { entry_type: outcome.entry_type, at: outcome.scanned_at },
              });
            }
          }
          show({ ...outcome, entryType: outcome.entry_type, offline: false });
          void flush();
          return;
        } catch (error) {
          // The link was revoked or has expired: nothing is decided or queued under it, and the
          // page turns to say so (`onRefused`). A verdict from the kept list would admit people.
          if (error instanceof DoorLinkRefused) {
            clearTimeout(verdictTimer.current);
            setVerdict(null);
            return;
          }
          // The network dropped under the scan: decide here and send it later.
          setOnline(false);
        }
      }
      show(await decideHere(scan));
    },
    [post, show, decideHere, flush],
  );

  const handleCodeRef = useRef(handleCode);
  handleCodeRef.current = handleCode;

  // Open the store, load the list, start the camera; keep the queue moving while online.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page; the camera reads the latest handler through a ref
  useEffect(() => {
    let cancelled = false;
    device.current = deviceName();
    setHold(localStorage.getItem("door-hold") === "1");
    setOnline(navigator.onLine);
    // The page's own files and messages for the service worker, so a reload without the network
    // still opens the scanner and checks codes. With the icons, which the page has drawn none of
    // yet (the verdicts show them). Once each: the cache refuses a list that names one twice.
    const keepForOffline = (registration: ServiceWorkerRegistration) => {
      const { origin } = window.location;
      const files = performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((url) =>
          ["/assets/", pageMessagesPrefix].some((dir) => url.startsWith(origin + dir)),
        );
      const page = origin + window.location.pathname;
      const urls = new Set([page, new URL(iconSpriteUrl, origin).href, ...files]);
      registration.active?.postMessage({ cache: [...urls] });
    };
    const offlineCheck = () =>
      ticketCodes().then(
        () => true,
        () => false,
      );
    const checkLoaded = offlineCheck();
    const goOnline = () => {
      setOnline(true);
      void flush();
      // Loaded now if the first try failed, and kept for the next offline reload.
      void checkLoaded.then(async (loaded) => {
        if (loaded || !(await offlineCheck()) || !("serviceWorker" in navigator)) return;
        keepForOffline(await navigator.serviceWorker.ready);
      });
    };
    const goOffline = () => setOnline(false);
    window.addEventListener("online", goOnline);
    window.addEventListener("offline", goOffline);
    void (async () => {
      store.current = await openDoorStore();
      await loadList();
      await countQueue();
      setReady(true);
      await flush();
    })();
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker
        .register("/door-sw.js", { scope: window.location.pathname })
        .then(() => Promise.all([navigator.serviceWorker.ready, checkLoaded]))
        .then(([registration]) => keepForOffline(registration))
        .catch(() => {});
    }
    if (video.current && "mediaDevices" in navigator) {
      startCamera(video.current, (value) => void handleCodeRef.current(value))
        .then((started) => {
          if (cancelled) return started.stop();
          camera.current = started;
          setCameraState("on");
          setTorch(started.setTorch ? false : null);
        })
        .catch(() => setCameraState("unavailable"));
    } else setCameraState("unavailable");
    const timer = setInterval(() => {
      if (navigator.onLine) void flush();
    }, 4000);
    const refresh = setInterval(() => {
      if (navigator.onLine) void loadList();
    }, 60_000);
    return () => {
      cancelled = true;
      camera.current?.stop();
      clearInterval(timer);
      clearInterval(refresh);
      window.removeEventListener("online", goOnline);
      window.removeEventListener("offline", goOffline);
    };
  }, []);
  const tone = verdict ? scanTone(verdict.result) : null;
  const resultText = verdict
    ? verdict.result === "valid"
      ? t(`results.valid.${verdict.entryType}`)
      : t(`results.${verdict.result}`)
    : "";

  return (
    <div
      data-testid="door-scanner"
      data-ready={ready ? "true" : "false"}
      className="fixed inset-0 z-40 flex flex-col overflow-y-auto bg-neutral-950 text-white"
    >
      <header className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
        {/* The gate on lines of its own: a long title, cut short, never hides which gate this is. */}
        <h1 className="min-w-0 flex-1 text-lg font-semibold">
          <span className="block truncate">{session.event.title}</span>
          {session.gate && (
            <span className="block font-normal wrap-anywhere">
              <span className="sr-only"> · </span>
              {t("gate", { gate: session.gate })}
            </span>
          )}
        </h1>
        <p
          data-testid="door-connection"
          data-online={online ? "true" : "false"}
          className={`rounded-full px-3 py-1 text-sm font-semibold ${online ? "bg-green-800" : "bg-amber-300 text-neutral-950"}`}
        >
          {online ? t("online") : t("offline")}
          {queued > 0 && <> · {t("queued", { count: queued })}</>}
        </p>
      </header>

      <dl className="grid grid-cols-3 gap-2 px-4 text-center" aria-label={t("countersLabel")}>
        {(["inside", "entered", "capacity"] as const).map((key) => (
          <div key={key} className="rounded-lg bg-neutral-800 p-2">
            <dt className="text-xs text-neutral-300">{t(`counters.${key}`)}</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid={`door-${key}`}>
              {format.number(counters[key])}
            </dd>
          </div>
        ))}
      </dl>

      {session.mode === "entry_exit" && (
        <fieldset className="mx-4 mt-3 grid grid-cols-2 gap-2">
          <legend className="sr-only">{t("modeLabel")}</legend>
          {(["entry", "exit"] as const).map((mode) => (
            <label
              key={mode}
              className={`cursor-pointer rounded-lg border-2 px-3 py-2 text-center font-semibold has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-white ${entryType === mode ? "border-white bg-white text-neutral-950" : "border-neutral-500"}`}
            >
              <input
                type="radio"
                name="door-mode"
                value={mode}
                checked={entryType === mode}
                onChange={() => {
                  setEntryType(mode);
                  lastCode.current = null;
                }}
                className="sr-only"
              />
              {t(`modes.${mode}`)}
            </label>
          ))}
        </fieldset>
      )}

      <div className="relative mx-4 mt-3 aspect-square max-h-[50vh] overflow-hidden rounded-xl bg-black">
        <video
          ref={video}
          className="size-full object-cover"
          muted
          playsInline
          aria-label={t("cameraLabel")}
        />
        {cameraState !== "on" && (
          <p className="absolute inset-0 flex items-center justify-center p-6 text-center text-neutral-200">
            {cameraState === "starting" ? t("cameraStarting") : t("cameraUnavailable")}
          </p>
        )}
        {torch !== null && (
          <button
            type="button"
            className="absolute right-3 bottom-3 rounded-full bg-neutral-900/80 px-4 py-2 text-sm font-semibold"
            aria-pressed={torch}
            onClick={async () => {
              await camera.current?.setTorch?.(!torch);
              setTorch(!torch);
            }}
          >
            {t("torch")}
          </button>
        )}
      </div>

      <form
        className="mx-4 mt-3 mb-3 flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          lastCode.current = null;
          void handleCode(code);
          setCode("");
        }}
      >
        <label className="flex-1 text-sm">
          <span className="mb-1 block text-neutral-200">{t("manualLabel")}</span>
          <input
            name="code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            className="w-full rounded-lg border border-neutral-500 bg-neutral-900 px-3 py-2 text-white"
          />
        </label>
        <button
          type="submit"
          className="rounded-lg bg-white px-4 py-2 font-semibold text-neutral-950"
        >
          {t("manualSubmit")}
        </button>
      </form>

      <label className="mx-4 mb-6 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={hold}
          onChange={(event) => {
            setHold(event.target.checked);
            localStorage.setItem("door-hold", event.target.checked ? "1" : "0");
          }}
        />
        {t("hold")}
      </label>

      <div aria-live="assertive" role="status">
        {verdict && tone && (
          <button
            type="button"
            data-testid="door-verdict"
            data-result={verdict.result}
            onClick={() => setVerdict(null)}
            className={`fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 p-6 text-center ${toneClasses[tone]}`}
          >
            <Icon name={toneIcons[tone]} className="size-24" />
            <span className="text-4xl font-bold">{resultText}</span>
            {verdict.ticket && (
              <span className="text-xl">
                {verdict.ticket.ticket_type}
                {verdict.ticket.name && <> · {verdict.ticket.name}</>}
              </span>
            )}
            {verdict.entered && (
              <span className="text-lg">
                {verdict.entered.gate
                  ? t("enteredAtGate", {
                      time: format.dateTime(new Date(verdict.entered.at), { timeStyle: "short" }),
                      gate: verdict.entered.gate,
                    })
                  : t("enteredAt", {
                      time: format.dateTime(new Date(verdict.entered.at), { timeStyle: "short" }),
                    })}
              </span>
            )}
            {verdict.offline && <span className="text-sm">{t("decidedOffline")}</span>}
            <span className="sr-only">{t("dismiss")}</span>
          </button>
        )}
      </div>
    </div>
  );
}
