// The hand history: every finished hand of the night as everyone may see it (cards only as
// they became public), newest first. Reloaded whenever the live stream says the table
// changed.
import { cardRow } from "./cards.js";
import { chips, chooseLanguage, language, pick, setLanguage, t, translatePage } from "./i18n.js";
import { LiveState } from "./live.js";

const $ = (id) => document.getElementById(id);
let hands = [];
let loadedVersion = null;

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function describe(entry, names) {
  const who = entry.seat ? (names.get(entry.seat) || t("seat_n", { n: entry.seat })) : "";
  switch (entry.type) {
    case "start_hand": return null;
    case "deal": return entry.cards.every((c) => c === "??") ? null : `${who}: ${entry.cards.join(" ")}`;
    case "board": return `${t("board")}: ${entry.cards.join(" ")}`;
    case "fold": return `${who}: fold`;
    case "check_call": return `${who}: check/call`;
    case "bet_raise": return `${who}: bet/raise ${chips(entry.to)}`;
    case "bring_in": return `${who}: bring-in`;
    case "discard": return `${who}: ${entry.cards.length ? `discards ${entry.cards.length}` : "stands pat"}`;
    case "show": return entry.cards ? `${who} ${t("shows")} ${entry.cards.join(" ")}` : `${who} ${t("mucks")}`;
    default: return `${entry.type.replace(/_/g, " ")}${who ? ` (${who})` : ""}`;
  }
}

function render() {
  const holder = $("hands");
  holder.replaceChildren();
  if (!hands.length) {
    holder.append(element("p", "", t("no_history")));
    return;
  }
  for (const hand of hands) {
    const names = new Map(hand.players.map((p) => [p.seat, p.player]));
    const article = element("article", "past-hand");
    article.dataset.hand = hand.number;
    article.append(element("h2", "", `${t("hand_no", { n: hand.number })} · ${pick(hand.game_name)}`));
    const when = new Date(hand.started_at * 1000).toLocaleTimeString(language() === "de" ? "de-DE" : "en-GB");
    article.append(element("div", "meta", when));
    for (const board of hand.boards) if (board.length) article.append(cardRow(board, { size: "small" }));
    const list = element("ol");
    for (const entry of hand.history) {
      const line = describe(entry, names);
      if (line) list.append(element("li", "", line));
    }
    article.append(list);
    for (const [seat, amount] of Object.entries(hand.result?.won || {})) {
      if (amount > 0) {
        article.append(element("div", "won", t("winner_takes", { name: names.get(Number(seat)), amount: chips(amount) })));
      }
    }
    holder.append(article);
  }
}

async function load(version) {
  if (version === loadedVersion) return;
  loadedVersion = version;
  const response = await fetch("/api/history");
  hands = (await response.json()).hands;
  render();
}

chooseLanguage(document.body.dataset.defaultLanguage);
translatePage();
$("toggle-language").addEventListener("click", () => {
  setLanguage(language() === "en" ? "de" : "en");
  translatePage();
  render();
});
new LiveState({
  onState: (state) => load(state.version),
  onConnection: (ok) => $("offline").classList.toggle("hidden", ok),
}).start();
