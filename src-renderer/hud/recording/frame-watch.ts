/** Notices the frames a video stream delivers, so that a caller can wait for the next one. */
export interface FrameWatch {
  /** Resolves once a frame comes after this call (true), or after `timeoutMs` without one (false). */
  next(timeoutMs: number): Promise<boolean>
  close(): void
}

/**
 * Watches `stream` through a detached, muted video: a canvas's stream gives a
 * frame only when the canvas is drawn, which on a slow machine may be a second
 * or more after recording starts. Where the browser lacks
 * `requestVideoFrameCallback`, every wait ends at once.
 */
export function watchFrames(stream: MediaStream): FrameWatch {
  const video = document.createElement('video')
  if (typeof video.requestVideoFrameCallback !== 'function')
    return { next: () => Promise.resolve(true), close: () => undefined }
  const waiting = new Set<(framed: boolean) => void>()
  let closed = false
  const onFrame = (): void => {
    if (closed) return
    for (const w of [...waiting]) w(true)
    video.requestVideoFrameCallback(onFrame)
  }
  video.muted = true
  video.srcObject = stream
  video.requestVideoFrameCallback(onFrame)
  video.play().catch(() => undefined)
  return {
    next(timeoutMs) {
      if (closed) return Promise.resolve(false)
      return new Promise((resolve) => {
        const done = (framed: boolean): void => {
          waiting.delete(done)
          clearTimeout(timer)
          resolve(framed)
        }
        const timer = setTimeout(() => done(false), timeoutMs)
        waiting.add(done)
      })
    },
    close() {
      closed = true
      for (const w of [...waiting]) w(false)
      video.srcObject = null
    },
  }
}
