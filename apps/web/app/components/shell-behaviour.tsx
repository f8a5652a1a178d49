import type { Locale } from "@eventwerk/contract";
import {
  type CSSProperties,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { useNavigation } from "react-router";
import { useTranslations } from "use-intl";
import { localeCookie } from "../lib/locale-cookie";
import { useApplyTheme } from "../lib/theme";
import type { RootData } from "../root";
import { Icon } from "./icon";
import { useLoading } from "./loading";
import { Toaster } from "./toasts";
import { cardClass } from "./ui/card";

/** The product's toast defaults: 4 s, three at once, 14 px apart, 356 px wide, Alt+T focuses. */
const toaster = {
  duration: 4000,
  visibleToasts: 3,
  gap: 14,
  width: 356,
  position: "top-right",
  hotkey: ["altKey", "KeyT"],
} as const;

const loadingBar = {
  throttle: 200,
  duration: 2000,
  hideDelay: 500,
  resetDelay: 400,
} as const;

/** Reload guard expiry after a chunk error. */
export const chunkReloadGuardMs = 10_000;
export const chunkReloadStorageKey = "eventwerk:chunk-reload-at";

/**
 * Everything the shell does around the pages: the maintenance overlay, toasts, the global
 * loading overlay, the navigation loading bar, build freshness, chunk-error reloads and the
 * dark class on <html>.
 */
export function ShellBehaviour({ data, children }: { data: RootData; children: ReactNode }) {
  useApplyTheme();
  useActiveLangCookie(data.locale, data.secureCookies);
  useChunkErrorReload();
  // Inverted on purpose (docs/decisions: the maintenance flag): the app shows only while the setting is "true".
  if (data.maintenance !== "true") return <MaintenanceOverlay site={data.siteName} />;
  return (
    <>
      <NavigationLoadingBar />
      <BuildFreshness buildId={data.buildId} intervalMs={data.buildPollIntervalMs} />
      {children}
      <LoadingOverlay />
      <Notifications />
    </>
  );
}

function Notifications() {
  const t = useTranslations("shell");
  return (
    <Toaster
      position={toaster.position}
      duration={toaster.duration}
      visibleToasts={toaster.visibleToasts}
      gap={toaster.gap}
      hotkey={[...toaster.hotkey]}
      closeButton
      theme="light"
      containerAriaLabel={t("notifications")}
      style={{ "--width": `${toaster.width}px`, fontFamily: "var(--font-sans)" } as CSSProperties}
    />
  );
}

function MaintenanceOverlay({ site }: { site: string }) {
  const t = useTranslations("shell");
  return (
    <div
      data-maintenance=""
      className="fixed inset-0 z-(--z-index-overlay) flex items-center justify-center overflow-auto bg-neutral-100 p-6 dark:bg-neutral-950"
    >
      <main
        id="main"
        className={`${cardClass} flex max-w-xl flex-col items-center gap-4 px-8 py-10 text-center shadow-sm`}
      >
        <Icon name="wrench" className="size-10 text-primary-700 dark:text-primary-300" />
        <h1 className="text-3xl font-bold tracking-tight">{t("maintenance", { site })}</h1>
        <p className="text-muted">{t("maintenanceText", { site })}</p>
      </main>
    </div>
  );
}

/** The full-screen dim overlay with a spinner while the global loading status is on. */
function LoadingOverlay() {
  const t = useTranslations("shell");
  const { active } = useLoading();
  if (!active) return null;
  return (
    <div
      role="status"
      aria-label={t("loadingOverlay")}
      data-loading-overlay=""
      className="fixed inset-0 z-(--z-index-overlay) flex items-center justify-center bg-neutral-950/50"
    >
      <span className="size-12 animate-spin rounded-full border-4 border-white/30 border-t-white motion-reduce:animate-[spin_1.5s_linear_infinite]" />
      <span className="sr-only">{t("loadingOverlay")}</span>
    </div>
  );
}

/** Progress that approaches 100% without reaching it: about 70% after `duration`. */
const estimate = (elapsed: number) =>
  (2 / Math.PI) * 100 * Math.atan((elapsed / loadingBar.duration) * 2);

type Timers = {
  throttle?: ReturnType<typeof setTimeout>;
  tick?: ReturnType<typeof setInterval>;
  hide?: ReturnType<typeof setTimeout>;
  reset?: ReturnType<typeof setTimeout>;
};

/**
 * The page loading bar: starts when a navigation has lasted 200 ms, creeps towards the end,
 * jumps to the end when the navigation ends (or an error occurs), hides 500 ms later and
 * resets 400 ms after that.
 */
function NavigationLoadingBar() {
  const busy = useNavigation().state !== "idle";
  const [bar, setBar] = useState({ progress: 0, visible: false });
  const timers = useRef<Timers>({});
  const running = useRef(false);

  const clearAll = useCallback(() => {
    const { throttle, tick, hide, reset } = timers.current;
    clearTimeout(throttle);
    clearInterval(tick);
    clearTimeout(hide);
    clearTimeout(reset);
    timers.current = {};
  }, []);

  const start = useCallback(() => {
    clearAll();
    timers.current.throttle = setTimeout(() => {
      running.current = true;
      const startedAt = performance.now();
      setBar({ progress: 0, visible: true });
      timers.current.tick = setInterval(() => {
        setBar({ progress: estimate(performance.now() - startedAt), visible: true });
      }, 100);
    }, loadingBar.throttle);
  }, [clearAll]);

  const finish = useCallback(() => {
    clearTimeout(timers.current.throttle);
    if (!running.current) return;
    running.current = false;
    clearInterval(timers.current.tick);
    setBar({ progress: 100, visible: true });
    timers.current.hide = setTimeout(() => {
      setBar({ progress: 100, visible: false });
      timers.current.reset = setTimeout(
        () => setBar({ progress: 0, visible: false }),
        loadingBar.resetDelay,
      );
    }, loadingBar.hideDelay);
  }, []);

  useEffect(() => {
    if (busy) start();
    else finish();
  }, [busy, start, finish]);

  useEffect(() => {
    window.addEventListener("error", finish);
    window.addEventListener("unhandledrejection", finish);
    return () => {
      window.removeEventListener("error", finish);
      window.removeEventListener("unhandledrejection", finish);
      clearAll();
    };
  }, [finish, clearAll]);

  return (
    <div
      aria-hidden="true"
      data-loading-bar=""
      data-visible={bar.visible}
      className="loading-bar"
      style={{ width: `${bar.progress}%`, opacity: bar.visible ? 1 : 0 }}
    />
  );
}

/**
 * Polls `/builds/latest.json`; once it names another build than the one running, the next client
 * navigation becomes a full page load of its target, so the visitor gets the new build.
 */
function BuildFreshness({ buildId, intervalMs }: { buildId: string; intervalMs: number }) {
  const stale = useRef(false);
  const navigation = useNavigation();

  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const check = async () => {
      try {
        const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: "no-store" });
        if (!response.ok) return;
        const latest = (await response.json()) as { id?: unknown };
        if (typeof latest.id === "string" && latest.id !== buildId) {
          stale.current = true;
          document.documentElement.dataset.buildStale = "true";
          clearInterval(timer);
        }
      } catch {
        // Offline or a deploy in progress: ask again next time.
      }
    };
    timer = setInterval(check, intervalMs);
    return () => clearInterval(timer);
  }, [buildId, intervalMs]);

  useEffect(() => {
    if (!stale.current || navigation.state === "idle") return;
    // Submissions (POST …) go through; the navigation after them loads the new build.
    if (navigation.formMethod && navigation.formMethod.toUpperCase() !== "GET") return;
    const { pathname, search, hash } = navigation.location;
    window.location.assign(`${pathname}${search}${hash}`);
  }, [navigation]);

  return null;
}

const chunkErrorPattern =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed|ChunkLoadError/i;

/** Reloads the page unless it did so less than 10 s ago (guard in sessionStorage). */
function reloadAfterChunkError(): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(chunkReloadStorageKey)) || 0;
    if (Date.now() - last < chunkReloadGuardMs) return false;
    window.sessionStorage.setItem(chunkReloadStorageKey, String(Date.now()));
  } catch {
    // Without a place for the guard a reload could loop; leave the page as it is.
    return false;
  }
  window.location.reload();
  return true;
}

/** A failed chunk or preload (usually: a deploy removed the old files) reloads the page once. */
function useChunkErrorReload() {
  useEffect(() => {
    const onPreloadError = (event: Event) => {
      console.error("Chunk error", (event as Event & { payload?: unknown }).payload);
      if (reloadAfterChunkError()) event.preventDefault();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      const reason = event.reason as { message?: unknown } | undefined;
      const message = typeof reason?.message === "string" ? reason.message : String(reason);
      if (chunkErrorPattern.test(message)) {
        console.error("Chunk error", event.reason);
        reloadAfterChunkError();
      }
    };
    window.addEventListener("vite:preloadError", onPreloadError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("vite:preloadError", onPreloadError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);
}

/** Keeps the `active_lang` cookie (the active language, kept persistently) in step. */
function useActiveLangCookie(locale: Locale, secure: boolean) {
  useEffect(() => {
    if (document.cookie.split("; ").includes(`active_lang=${locale}`)) return;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox.
    document.cookie = localeCookie("active_lang", locale, secure);
  }, [locale, secure]);
}
