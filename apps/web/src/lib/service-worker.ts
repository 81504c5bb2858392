/**
 * Registers the installable app's service worker (src/service-worker/sw.ts, built by vite-plugin-pwa as /sw.js;
 * docs/decisions/0030-installable-app-and-offline-wallet.md). Called by the role areas, so the login page never
 * loads it, and only when the page has loaded and the browser is idle: the first screen's requests come first.
 * A failure leaves the portal as it was without a worker, online only.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    // updateViaCache 'none': the browser asks the server for sw.js each time it checks, never its HTTP cache.
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch(() => undefined);
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(register, { timeout: 5000 })
      : setTimeout(register, 2000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
