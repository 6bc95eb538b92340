/**
 * Google tag, loaded only when the operator configured a measurement id (boot analytics.gtagId).
 * It is the one third-party script the product may load, and only by the operator's choice.
 */
const GTAG_ID_PATTERN = /^[A-Z]{1,4}-[A-Z0-9]{4,20}$/i;
let loadedId: string | null = null;

type GtagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

export function loadAnalytics(gtagId: string | null): boolean {
  if (!gtagId || loadedId === gtagId || !GTAG_ID_PATTERN.test(gtagId)) return false;
  loadedId = gtagId;
  const w = window as GtagWindow;
  w.dataLayer = w.dataLayer ?? [];
  w.gtag = function gtag(...args: unknown[]) {
    w.dataLayer?.push(args);
  };
  w.gtag('js', new Date());
  w.gtag('config', gtagId);
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gtagId)}`;
  document.head.appendChild(script);
  return true;
}
