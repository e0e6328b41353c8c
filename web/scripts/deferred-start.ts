/**
 * How a prerendered page starts the app: after it has painted, not while it paints.
 *
 * A prerendered page is complete without its code: the text, the layout and the hero image are in the HTML and
 * the CSS, and the code only makes it interactive (hydration). Loaded the usual way (a module script and module
 * preloads in <head>), the app's 75 KB of JavaScript are fetched at the same moment as the page's CSS and hero
 * image, at the same (high) priority, and a phone on a slow network shares its bandwidth between them: the
 * first paint and the hero wait for code they do not need. (Lighthouse's simulation counts it that way too: a
 * module script that has arrived before the first paint is treated as render-blocking, GoogleChrome/lighthouse#17163.)
 *
 * So the prerender replaces the entry's module script and its module preloads with one small inline script
 * (`deferredStartScript`, constant, so its CSP hash stays the same from build to build) that carries their URLs
 * in data attributes and adds them to <head> itself:
 *   - once the page has loaded (its CSS and its hero image) and is on screen, or
 *   - at once, when the visitor presses a key, touches or clicks before that ("idle until urgent").
 * Whatever the visitor clicks or types before the code has run is recorded and replayed (web/index.html,
 * web/src/app/early-events.ts), as before. spa.html (the client-rendered routes: nothing to show without the
 * code) keeps the ordinary module script.
 */

/**
 * Plain ES5 for every browser the site supports; reads its own data attributes. "Painted" is the browser's own
 * word for it, the first-contentful-paint entry (reported once the frame is on screen), and then two more frames,
 * so that a hero image that arrived with the load event is on screen too. A hidden tab paints nothing: it starts
 * at load, or as soon as it is hidden. A browser without paint timing, or a page that never reports a paint,
 * starts two seconds after load.
 */
export const deferredStartScript = [
  '(function(){',
  "var d=document,w=window,me=d.currentScript,started=false,loaded=false,painted=false,waiting=false,urgent=['pointerdown','keydown','touchstart','focusin'];",
  'function start(){if(started)return;started=true;',
  'urgent.forEach(function(t){d.removeEventListener(t,start,true)});',
  "(me.getAttribute('data-preload')||'').split(' ').forEach(function(u){if(!u)return;var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;d.head.appendChild(l)});",
  "var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=me.getAttribute('data-entry');d.head.appendChild(s)}",
  "function hidden(){return d.visibilityState==='hidden'}",
  'function next(){if(waiting||!loaded)return;if(hidden())return start();if(!painted)return;waiting=true;',
  'requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,0)})})}',
  'urgent.forEach(function(t){d.addEventListener(t,start,true)});',
  "d.addEventListener('visibilitychange',function(){if(hidden()&&loaded)start()});",
  "try{new PerformanceObserver(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();painted=true;next()}}).observe({type:'paint',buffered:true})}catch(e){painted=true}",
  "function onLoad(){loaded=true;next();setTimeout(start,2000)}",
  "if(d.readyState==='complete')onLoad();else w.addEventListener('load',onLoad)",
  '})()',
].join('');

const moduleScript = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const modulePreload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/** The entry script and module preloads of one page's HTML, as the deferred start names them. */
export interface DeferredStart {
  entry: string;
  preload: string[];
}

/** Reads what a page's HTML starts (the deferred start's attributes, or an ordinary module script). */
export function appStartOf(html: string): DeferredStart | undefined {
  const deferred = /<script data-entry="([^"]+)" data-preload="([^"]*)">/.exec(html);
  if (deferred) return { entry: deferred[1] as string, preload: (deferred[2] as string).split(' ').filter(Boolean) };
  const entry = moduleScript.exec(html)?.[1];
  return entry ? { entry, preload: [...html.matchAll(modulePreload)].map((m) => m[1] as string) } : undefined;
}

/** Replaces the page's module script and module preloads with the deferred start (see above). */
export function deferAppStart(html: string): string {
  const start = appStartOf(html);
  if (!start || !moduleScript.test(html)) throw new Error('the page has no module script to defer (web/index.html changed?)');
  const tag = `<script data-entry="${start.entry}" data-preload="${start.preload.join(' ')}">${deferredStartScript}</script>\n    `;
  return html.replace(modulePreload, '').replace(moduleScript, tag);
}
