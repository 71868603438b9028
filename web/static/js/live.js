// The live table state, kept up to date by Server-Sent Events (/api/stream).
//
// The server sends the whole public state once ("state"), then merge patches ("patch",
// RFC 7386), live equity ("equity"), what the dealer's CONFIRM would send ("proposal") and
// pings with its clock ("ping"). After a dropped
// connection the browser reconnects by itself with the Last-Event-ID header; a phone that
// slept may hold a dead connection, so when the page becomes visible again, or when nothing
// (not even a ping) arrived for a while, we open a new stream with ?since=<last id> and get
// only what changed. No polling, no reloads.

const STALE_MS = 40000; // three keep-alives missed: the connection is dead

export function mergePatch(target, patch) {
  if (patch === null || typeof patch !== "object" || Array.isArray(patch)) return patch;
  const result = target !== null && typeof target === "object" && !Array.isArray(target)
    ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

export class LiveState {
  // onState(state), onEquity(equity), onProposal(proposal), onConnection(connected: boolean)
  constructor({ onState = () => {}, onEquity = () => {}, onProposal = () => {},
                onConnection = () => {}, url = "/api/stream" } = {}) {
    this.url = url;
    this.onState = onState;
    this.onEquity = onEquity;
    this.onProposal = onProposal;
    this.onConnection = onConnection;
    this.state = null;
    this.equity = null;
    this.lastId = "";
    this.offsetMs = 0; // server clock minus ours
    this.lastHeard = 0;
    this.source = null;
    this.retryTimer = null;
  }

  start() {
    this.open(false);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && this.stale(5000)) this.open(true);
    });
    setInterval(() => { if (this.stale(STALE_MS)) this.open(true); }, 5000);
    return this;
  }

  // Milliseconds on the server's clock: timers count down in step with it.
  serverNow() {
    return Date.now() + this.offsetMs;
  }

  stale(ms) {
    return !this.source || this.source.readyState === EventSource.CLOSED ||
      Date.now() - this.lastHeard > ms;
  }

  open(catchUp) {
    if (this.source) this.source.close();
    clearTimeout(this.retryTimer);
    const since = catchUp && this.lastId ? `?since=${encodeURIComponent(this.lastId)}` : "";
    const source = new EventSource(this.url + since);
    this.source = source;
    this.lastHeard = Date.now();
    const heard = (event) => {
      this.lastHeard = Date.now();
      if (event.lastEventId) this.lastId = event.lastEventId;
    };
    source.addEventListener("open", () => { this.lastHeard = Date.now(); this.onConnection(true); });
    source.addEventListener("state", (event) => {
      heard(event);
      this.state = JSON.parse(event.data);
      this.onState(this.state);
    });
    source.addEventListener("patch", (event) => {
      heard(event);
      const change = JSON.parse(event.data);
      if (!this.state || this.state.version !== change.from) {
        // We missed a change: start afresh with the whole state.
        this.lastId = "";
        this.open(false);
        return;
      }
      this.state = mergePatch(this.state, change.patch);
      this.onState(this.state);
    });
    source.addEventListener("equity", (event) => {
      heard(event);
      this.equity = JSON.parse(event.data);
      this.onEquity(this.equity);
    });
    source.addEventListener("proposal", (event) => {
      heard(event);
      this.onProposal(JSON.parse(event.data).proposal);
    });
    source.addEventListener("ping", (event) => {
      heard(event);
      const { now } = JSON.parse(event.data);
      this.offsetMs = now * 1000 - Date.now();
    });
    source.addEventListener("error", () => {
      this.onConnection(false);
      if (source.readyState === EventSource.CLOSED) {
        // The server refused (e.g. 503, every stream slot taken): try again a little later.
        this.retryTimer = setTimeout(() => { if (this.source === source) this.open(true); }, 5000);
      }
    });
  }
}
