// Cards as the display draws them: "As" is the ace of spades, "??" or null a card face down.
// The suit colours come from the theme (two-colour, four-colour, colour-blind safe), see
// cards.css; every card also carries its suit symbol, large, so no colour is needed to read it.

const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const RANKS = { T: "10" };

export function cardText(code) {
  if (!code || code === "??") return "??";
  if (code[0] === "X") return "🃏";
  return (RANKS[code[0]] || code[0]) + SUITS[code[1]];
}

// A card element; options: { best: true } marks one of the best five, { dim: true } one that
// does not play, { size: "board" | "seat" | "small" }.
export function cardElement(code, { best = false, dim = false, size = "seat" } = {}) {
  const card = document.createElement("span");
  card.className = `card card-${size}`;
  if (!code || code === "??") {
    card.classList.add("back");
    card.setAttribute("aria-label", "face down");
    return card;
  }
  if (code[0] === "X") {
    card.classList.add("joker");
    card.textContent = "🃏";
    return card;
  }
  const suit = code[1];
  card.classList.add(`suit-${suit}`);
  if (best) card.classList.add("best");
  if (dim) card.classList.add("dim");
  card.dataset.card = code;
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = RANKS[code[0]] || code[0];
  const symbol = document.createElement("span");
  symbol.className = "suit";
  symbol.textContent = SUITS[suit];
  card.append(rank, symbol);
  return card;
}

export function cardRow(codes, { best = null, size = "seat" } = {}) {
  const row = document.createElement("span");
  row.className = `cards cards-${size}`;
  const bestSet = best ? new Set(best) : null;
  for (const code of codes || []) {
    const plays = bestSet === null ? false : bestSet.has(code);
    row.append(cardElement(code, {
      best: plays, dim: bestSet !== null && !plays && code && code !== "??", size,
    }));
  }
  return row;
}
