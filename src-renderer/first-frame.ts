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

/** Whether the table's first frame has been drawn (`data-ready` on <html>). */
export function tableDrawn(): boolean {
  return document.documentElement.getAttribute('data-ready') === 'true'
}

/**
 * Runs `fn` as soon as the table's first frame is drawn (no wait for an idle
 * page), or after `fallbackMs` if it is not drawn by then. Returns a cancel.
 */
export function whenTableDrawn(fn: () => void, fallbackMs: number): () => void {
  const html = document.documentElement
  let done = false
  const run = () => {
    if (done) return
    done = true
    observer.disconnect()
    clearTimeout(timer)
    fn()
  }
  const observer = new MutationObserver(() => {
    if (tableDrawn()) run()
  })
  const timer = setTimeout(run, fallbackMs)
  if (tableDrawn()) run()
  else observer.observe(html, { attributes: true, attributeFilter: ['data-ready'] })
  return () => {
    done = true
    observer.disconnect()
    clearTimeout(timer)
  }
}
