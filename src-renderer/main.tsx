import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { connectBridge } from './bridge/connect'
import { feedOptions } from './feed/feed-options'
import { startGroundPainter } from './scene/table/ground-paint'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
const feed = feedOptions(window.location.search)
// A clean feed (an OBS browser source): no cursor, no scrollbars, and a transparent page when asked.
if (feed) document.documentElement.classList.add('clean-feed', ...(feed.transparent ? ['feed-transparent'] : []))
// The table's ground is painted by a worker: started now, it is ready when the game comes.
startGroundPainter()
createRoot(root).render(
  <StrictMode>
    <App bridge={connectBridge()} feed={feed} />
  </StrictMode>,
)
