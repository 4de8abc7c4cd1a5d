/**
 * Runs `fn` once the table's first frame is drawn (`data-ready` on <html>,
 * set by `ReadyMarker`) and the page is idle, for work that must not delay
 * that frame: fetching code the first frame does not need. Returns a cancel.
 */
export function afterFirstFrame(fn: () => void): () => void {
  const html = document.documentElement
  let idle: number | null = null
  const run = () => {
    observer.disconnect()
    idle = requestIdleCallback(() => fn(), { timeout: 2000 })
  }
  const observer = new MutationObserver(() => {
    if (html.getAttribute('data-ready') === 'true') run()
  })
  if (html.getAttribute('data-ready') === 'true') run()
  else observer.observe(html, { attributes: true, attributeFilter: ['data-ready'] })
  return () => {
    observer.disconnect()
    if (idle !== null) cancelIdleCallback(idle)
  }
}
