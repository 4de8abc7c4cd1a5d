import { describeStartError, runWebMode, webModeOptions } from './web-mode'

/** `npm run web`: browser mode on http://127.0.0.1:$PORT. */
async function main(): Promise<void> {
  let options
  try {
    options = webModeOptions(process.argv.slice(2), process.env)
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`)
    process.exit(2)
  }
  try {
    const server = await runWebMode(options)
    process.stdout.write(
      `SMLE Table (browser mode) is ready at ${server.url}\nSaves are kept in ${options.dataDir}. Press Ctrl-C to stop.\n`,
    )
  } catch (err) {
    process.stderr.write(`${describeStartError(err, options.port)}\n`)
    process.exit(1)
  }
}

void main()
