import { describe, expect, it } from 'vitest'
import { defaultDataDir, packageRoot } from './paths'
import { DEFAULT_PORT, describeStartError, webModeOptions } from './web-mode'

/** An environment with nothing relevant set (not the real process.env, which may have PORT). */
const bare: NodeJS.ProcessEnv = {
  XDG_CONFIG_HOME: '/home/someone/.config',
  APPDATA: 'C:\\Users\\someone\\AppData\\Roaming',
}

describe('webModeOptions: port', () => {
  it('defaults to 7878', () => {
    expect(DEFAULT_PORT).toBe(7878)
    expect(webModeOptions([], bare).port).toBe(7878)
  })

  it('honours --port 9000 and --port=9001', () => {
    expect(webModeOptions(['--port', '9000'], bare).port).toBe(9000)
    expect(webModeOptions(['--port=9001'], bare).port).toBe(9001)
    expect(webModeOptions(['--data-dir', '/d', '--port', '9002'], bare).port).toBe(9002)
  })

  it('honours PORT, and --port wins over PORT', () => {
    expect(webModeOptions([], { ...bare, PORT: '8123' }).port).toBe(8123)
    expect(webModeOptions(['--port', '9000'], { ...bare, PORT: '8123' }).port).toBe(9000)
    expect(webModeOptions(['--port=9001'], { ...bare, PORT: '8123' }).port).toBe(9001)
  })

  it('accepts 0 (any free port) and 65535', () => {
    expect(webModeOptions(['--port', '0'], bare).port).toBe(0)
    expect(webModeOptions(['--port', '65535'], bare).port).toBe(65535)
  })

  it('rejects --port abc, 70000, -1 and 80.5 with a readable error naming the value', () => {
    expect(() => webModeOptions(['--port', 'abc'], bare)).toThrow('"abc" is not a port number (0–65535).')
    expect(() => webModeOptions(['--port', '70000'], bare)).toThrow('"70000" is not a port number (0–65535).')
    expect(() => webModeOptions(['--port=-1'], bare)).toThrow(/"-1" is not a port number/)
    expect(() => webModeOptions(['--port', '80.5'], bare)).toThrow(/"80.5" is not a port number/)
    expect(() => webModeOptions([], { ...bare, PORT: 'seventy' })).toThrow(/"seventy" is not a port number/)
    expect(() => webModeOptions([], { ...bare, PORT: '70000' })).toThrow(/"70000" is not a port number/)
  })
})

describe('webModeOptions: data folder', () => {
  it('honours --data-dir and --data-dir=', () => {
    expect(webModeOptions(['--data-dir', '/tmp/smle a'], bare).dataDir).toBe('/tmp/smle a')
    expect(webModeOptions(['--data-dir=/tmp/smle-b'], bare).dataDir).toBe('/tmp/smle-b')
  })

  it('honours SMLE_DATA_DIR, and --data-dir wins over it', () => {
    expect(webModeOptions([], { ...bare, SMLE_DATA_DIR: '/srv/smle' }).dataDir).toBe('/srv/smle')
    expect(webModeOptions(['--data-dir', '/cli'], { ...bare, SMLE_DATA_DIR: '/srv/smle' }).dataDir).toBe('/cli')
  })

  it('defaults to the folder the desktop app uses, so both modes share saves', () => {
    const options = webModeOptions([], bare)
    expect(options.dataDir).toBe(defaultDataDir(bare))
    expect(options.dataDir).toMatch(/SMLE Table$/)
  })

  it('finds the application folder (the one with package.json and assets)', () => {
    expect(webModeOptions([], bare).root).toBe(packageRoot())
  })
})

describe('defaultDataDir', () => {
  it('follows each platform’s convention for Electron’s userData', () => {
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/x' }, 'linux')).toBe('/x/SMLE Table')
    expect(defaultDataDir({}, 'darwin')).toMatch(/Library\/Application Support\/SMLE Table$/)
  })
})

describe('describeStartError', () => {
  const inUse = Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:7878'), {
    code: 'EADDRINUSE',
  })

  it('EADDRINUSE: says the port is in use and how to choose another with PORT=', () => {
    const text = describeStartError(inUse, 7878)
    expect(text).toContain('Port 7878')
    expect(text).toContain('already in use')
    expect(text).toContain('PORT=')
    expect(text).not.toContain('\n')
  })

  it('EACCES: names the port and suggests one above 1024', () => {
    const text = describeStartError(Object.assign(new Error('listen EACCES'), { code: 'EACCES' }), 80)
    expect(text).toContain('Port 80')
    expect(text).toContain('above 1024')
    expect(text).toContain('PORT=')
  })

  it('anything else: one sentence with the message, no stack trace', () => {
    const err = new Error('Scenario file broken.json is not valid JSON.')
    const text = describeStartError(err, 7878)
    expect(text).toBe('SMLE Table could not start browser mode: Scenario file broken.json is not valid JSON.')
    expect(text).not.toContain('    at ')
    expect(describeStartError('plain text', 1)).toBe('SMLE Table could not start browser mode: plain text')
    expect(describeStartError(undefined, 1)).toBe('SMLE Table could not start browser mode: undefined')
  })
})

describe('webModeOptions: empty values are errors, not silent defaults', () => {
  it('refuses an empty PORT, a --port without a value and an empty --data-dir', () => {
    expect(() => webModeOptions([], { PORT: '' })).toThrow(/is not a port number/)
    expect(() => webModeOptions(['--port'], {})).toThrow(/is not a port number/)
    expect(() => webModeOptions(['--data-dir', ''], {})).toThrow(/needs a folder/)
  })
})
