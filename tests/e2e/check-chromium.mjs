// Runs before the end-to-end tests: they need Debian's Chromium (never a downloaded browser).
import { accessSync, constants } from 'node:fs'

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
try {
  accessSync(path, constants.X_OK)
} catch {
  process.stderr.write(
    `Chromium was not found at ${path}. The end-to-end tests need it: install Debian's package with "sudo apt-get install -y chromium", or set CHROMIUM_PATH to a Chromium binary.\n`,
  )
  process.exit(1)
}
