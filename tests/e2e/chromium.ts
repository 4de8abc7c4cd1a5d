/** Debian's Chromium (never a downloaded browser). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Flags for it: WebGL through SwiftShader, and no calls home (these machines have no network). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/**
 * For the end-to-end flows: frames drawn as soon as they are asked for. Headless with
 * SwiftShader, a frame otherwise waits on a simulated display's swap, some 300 ms on these
 * machines against about 25 ms without it; the benches keep `CHROMIUM_ARGS` as they were.
 */
export const E2E_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--disable-gpu-vsync', '--disable-frame-rate-limit']
