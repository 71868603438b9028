// The console's Camera tab: the live preview with every card read, the camera's alerts, and
// the calibration the dealer marks on a still frame.
//
// The preview refreshes about twice a second while the tab is open; the alerts (four cards on
// a flop, a card already in play, one card in two places) show above every tab. To calibrate,
// the dealer takes a still frame, clicks the four corners of a known rectangle of the table
// (top-left, top-right, bottom-right, bottom-left, as the dealer sees them), gives its size in
// millimetres, then marks each zone (the board, a seat's cards, the muck) as a polygon by
// clicking its corners; Save stores it with the table (POST /api/camera/calibration).
import { element } from "./dom.js";
import { extendTexts, pick, t } from "./i18n.js";

extendTexts({
  en: {
    tab_camera: "Camera", camera_preview: "Live preview", camera_stable: "Cards that count",
    camera_none: "no card", camera_alert: "Camera", calibrate_title: "Calibration",
    calibrate_start: "Mark on a still frame", calibrate_corner: "Click corner {n} of 4: {which}",
    corner_1: "top left", corner_2: "top right", corner_3: "bottom right", corner_4: "bottom left",
    calibrate_zone: "Click the corners of the {zone} zone, then “Finish zone”",
    width_mm: "Rectangle width (mm)", height_mm: "Rectangle height (mm)", zone_kind: "Zone",
    zone_board: "Board", zone_seat: "Seat", zone_muck: "Muck", zone_seat_no: "Seat number",
    finish_zone: "Finish zone", undo_point: "Undo point", start_over: "Start over",
    save_calibration: "Save calibration", calibration_saved: "Calibration saved",
    calibration_stored: "Stored calibration: {zones}", calibration_missing: "Not calibrated yet",
    zone_needs_points: "A zone needs at least three points", corners_first: "Mark the four corners first",
    size_needed: "Give the rectangle's width and height in millimetres", no_still: "No frame from the camera yet",
    zones_marked: "Zones: {zones}",
    camera_deck_hint: "A German deck's B and D (Bube, Dame) are read as jack and queen once the camera has seen a B or D surely, or from the start if you say so here; a few are left for you to confirm.",
    camera_letters: "Court letters of the deck", letters_auto: "Tell from the cards",
    letters_english: "J, Q, K (English)", letters_german: "B, D, K (German)", letters_saved: "Deck letters saved",
  },
  de: {
    tab_camera: "Kamera", camera_preview: "Live-Vorschau", camera_stable: "Gültige Karten",
    camera_none: "keine Karte", camera_alert: "Kamera", calibrate_title: "Kalibrierung",
    calibrate_start: "Auf einem Standbild markieren", calibrate_corner: "Ecke {n} von 4 anklicken: {which}",
    corner_1: "oben links", corner_2: "oben rechts", corner_3: "unten rechts", corner_4: "unten links",
    calibrate_zone: "Die Ecken der Zone {zone} anklicken, dann „Zone fertig“",
    width_mm: "Breite des Rechtecks (mm)", height_mm: "Höhe des Rechtecks (mm)", zone_kind: "Zone",
    zone_board: "Board", zone_seat: "Platz", zone_muck: "Muck", zone_seat_no: "Platznummer",
    finish_zone: "Zone fertig", undo_point: "Punkt zurück", start_over: "Neu beginnen",
    save_calibration: "Kalibrierung speichern", calibration_saved: "Kalibrierung gespeichert",
    calibration_stored: "Gespeicherte Kalibrierung: {zones}", calibration_missing: "Noch nicht kalibriert",
    zone_needs_points: "Eine Zone braucht mindestens drei Punkte", corners_first: "Zuerst die vier Ecken markieren",
    size_needed: "Breite und Höhe des Rechtecks in Millimetern angeben", no_still: "Noch kein Bild von der Kamera",
    zones_marked: "Zonen: {zones}",
    camera_deck_hint: "B und D (Bube, Dame) eines deutschen Blatts werden als Bube und Dame gelesen, sobald die Kamera ein B oder D sicher erkannt hat, oder von Anfang an, wenn es hier angegeben ist; wenige bleiben zur Bestätigung offen.",
    camera_letters: "Buchstaben der Bildkarten", letters_auto: "An den Karten erkennen",
    letters_english: "J, Q, K (englisch)", letters_german: "B, D, K (deutsch)", letters_saved: "Buchstaben des Blatts gespeichert",
  },
});

const csrf = document.querySelector('meta[name="csrf-token"]').content;
const $ = (id) => document.getElementById(id);
const FAST = 500; // ms between refreshes while the tab is open (about 2 per second)
const SLOW = 2000; // ms between looks for alerts while another tab is open

function tabOpen() {
  const panel = $("panel-camera");
  return panel && !panel.classList.contains("hidden");
}

// ------------------------------------------------------------------ status, alerts, preview
let previewLoading = false;

function showAlerts(alerts) {
  const box = $("camera-alerts");
  box.replaceChildren(...alerts.map((alert) => element("p", { text: `${t("camera_alert")}: ${pick(alert.message)}` })));
  box.classList.toggle("hidden", alerts.length === 0);
}

function zoneLabel(zone) {
  if (zone.kind === "seat") return `${t("zone_seat")} ${zone.seat}`;
  return t(`zone_${zone.kind}`);
}

function showState(state) {
  $("camera-status").textContent = pick(state.status);
  $("camera-status").dataset.online = String(state.online);
  const byZone = {};
  const stable = [...(state.readings?.stable || [])].sort((a, b) => a.centre[0] - b.centre[0]);
  for (const card of stable) (byZone[card.zone || "–"] ||= []).push(card.card);
  const list = $("camera-stable");
  list.replaceChildren(...Object.entries(byZone).map(([zone, cards]) =>
    element("li", { text: `${zone}: ${cards.join(" ")}` })));
  if (!list.children.length) list.append(element("li", { text: t("camera_none") }));
  const zones = state.calibration?.zones || [];
  $("camera-calibration").textContent = state.calibration
    ? t("calibration_stored", { zones: zones.map(zoneLabel).join(", ") || "–" })
    : t("calibration_missing");
  const problem = pick(state.calibration_problem);
  if (problem) $("camera-calibration").textContent += ` — ${problem}`;
  // What the table's deck letters its court cards (left alone while the dealer picks).
  const letters = $("camera-letters");
  if (state.deck_letters && document.activeElement !== letters) letters.value = state.deck_letters;
  // How wide the cards look to recognition, from the calibration or the cards read (the
  // server's advice, en/de).
  const size = $("camera-card-size");
  size.textContent = pick(state.card_size?.advice) || "";
  size.dataset.verdict = state.card_size?.verdict || "";
  size.classList.toggle("hidden", !state.card_size);
  if (state.frames && !previewLoading) {
    previewLoading = true;
    $("camera-preview").src = `/api/camera/preview.jpg?frame=${state.frames}`;
  }
}

async function look() {
  try {
    const response = await fetch("/api/camera");
    if (response.ok) {
      const state = await response.json();
      showAlerts(state.alerts || []);
      if (tabOpen()) showState(state);
    }
  } catch (error) {
    // The server restarts or the network blinks: the next look tries again.
  }
}

async function poll() {
  await look();
  setTimeout(poll, tabOpen() ? FAST : SLOW);
}

// ------------------------------------------------------------------ calibration
const marking = { image: null, corners: [], zones: [], points: [] };

function canvas() {
  return $("calibrate-canvas");
}

function hint() {
  const text = marking.corners.length < 4
    ? t("calibrate_corner", { n: marking.corners.length + 1, which: t(`corner_${marking.corners.length + 1}`) })
    : t("calibrate_zone", { zone: zoneLabel(currentZone()) });
  $("calibrate-hint").textContent = text;
  $("calibrate-zones").textContent = t("zones_marked",
    { zones: marking.zones.map(zoneLabel).join(", ") || "–" });
}

function currentZone() {
  const kind = $("zone-kind").value;
  return { kind, seat: kind === "seat" ? Number($("zone-seat").value) || 1 : null };
}

function draw() {
  const c = canvas();
  const g = c.getContext("2d");
  if (marking.image) g.drawImage(marking.image, 0, 0, c.width, c.height);
  const line = Math.max(2, c.width / 400);
  const polygon = (points, colour, closed) => {
    g.strokeStyle = colour;
    g.fillStyle = colour;
    g.lineWidth = line;
    g.beginPath();
    points.forEach(([x, y], i) => (i ? g.lineTo(x, y) : g.moveTo(x, y)));
    if (closed) g.closePath();
    g.stroke();
    for (const [x, y] of points) g.fillRect(x - 2 * line, y - 2 * line, 4 * line, 4 * line);
  };
  polygon(marking.corners, "#f5c400", marking.corners.length === 4);
  for (const zone of marking.zones) polygon(zone.image_polygon, "#3ad17a", true);
  polygon(marking.points, "#ff7043", false);
}

function clicked(event) {
  const c = canvas();
  const box = c.getBoundingClientRect();
  const point = [(event.clientX - box.left) * c.width / box.width,
    (event.clientY - box.top) * c.height / box.height];
  if (marking.corners.length < 4) marking.corners.push(point);
  else marking.points.push(point);
  hint();
  draw();
}

function message(text, isError) {
  const box = $(isError ? "error" : "notice");
  box.textContent = text;
  box.classList.remove("hidden");
}

async function startMarking() {
  const image = new Image();
  image.onload = () => {
    marking.image = image;
    marking.corners = [];
    marking.zones = [];
    marking.points = [];
    canvas().width = image.naturalWidth;
    canvas().height = image.naturalHeight;
    $("calibrate").classList.remove("hidden");
    hint();
    draw();
  };
  image.onerror = () => message(t("no_still"), true);
  image.src = `/api/camera/still.jpg?t=${Date.now()}`;
}

function finishZone() {
  if (marking.corners.length < 4) return message(t("corners_first"), true);
  if (marking.points.length < 3) return message(t("zone_needs_points"), true);
  marking.zones.push({ ...currentZone(), image_polygon: marking.points });
  marking.points = [];
  hint();
  draw();
}

function undoPoint() {
  if (marking.points.length) marking.points.pop();
  else if (marking.corners.length) marking.corners.pop();
  hint();
  draw();
}

async function save() {
  if (marking.corners.length < 4) return message(t("corners_first"), true);
  const width = Number($("calibrate-width").value);
  const height = Number($("calibrate-height").value);
  if (!(width > 0 && height > 0)) return message(t("size_needed"), true);
  if (marking.points.length >= 3) finishZone();
  const response = await fetch("/api/camera/calibration", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
    body: JSON.stringify({ image_corners: marking.corners, size_mm: [width, height],
      zones: marking.zones }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) return message(pick(body?.error?.message) || response.statusText, true);
  $("error").classList.add("hidden");
  message(t("calibration_saved"), false);
  $("calibrate").classList.add("hidden");
  return body;
}

async function saveLetters(event) {
  const response = await fetch("/api/camera/letters", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
    body: JSON.stringify({ deck_letters: event.target.value }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) return message(pick(body?.error?.message) || response.statusText, true);
  $("error").classList.add("hidden");
  message(t("letters_saved"), false);
  return body;
}

function build() {
  const panel = $("panel-camera");
  if (!panel) return;
  const button = (key, onclick, className = "") => element("button",
    { type: "button", class: className, "data-i18n": key, text: t(key), onclick });
  const labelled = (key, input) => element("label", {}, element("span", { "data-i18n": key, text: t(key) }), input);
  const kinds = element("select", { id: "zone-kind", onchange: hint },
    ...["board", "seat", "muck"].map((kind) => element("option", { value: kind, "data-i18n": `zone_${kind}`, text: t(`zone_${kind}`) })));
  panel.append(
    element("p", { id: "camera-status", role: "status" }),
    element("h2", { "data-i18n": "camera_preview", text: t("camera_preview") }),
    element("img", { id: "camera-preview", class: "camera-picture", alt: "",
      onload: () => { previewLoading = false; }, onerror: () => { previewLoading = false; } }),
    element("h2", { "data-i18n": "camera_stable", text: t("camera_stable") }),
    element("ul", { id: "camera-stable", class: "plain" }),
    labelled("camera_letters", element("select", { id: "camera-letters", onchange: saveLetters },
      ...["auto", "english", "german"].map((letters) => element("option",
        { value: letters, "data-i18n": `letters_${letters}`, text: t(`letters_${letters}`) })))),
    element("p", { id: "camera-deck-hint", "data-i18n": "camera_deck_hint", text: t("camera_deck_hint") }),
    element("h2", { "data-i18n": "calibrate_title", text: t("calibrate_title") }),
    element("p", { id: "camera-calibration" }),
    element("p", { id: "camera-card-size", class: "hidden" }),
    button("calibrate_start", startMarking, "big"),
    element("div", { id: "calibrate", class: "hidden" },
      element("p", { id: "calibrate-hint", class: "calibrate-hint" }),
      element("canvas", { id: "calibrate-canvas", class: "camera-picture", onclick: clicked }),
      element("div", { class: "grid2" },
        labelled("width_mm", element("input", { id: "calibrate-width", type: "number", min: "1", inputmode: "numeric" })),
        labelled("height_mm", element("input", { id: "calibrate-height", type: "number", min: "1", inputmode: "numeric" }))),
      element("div", { class: "grid2" },
        labelled("zone_kind", kinds),
        labelled("zone_seat_no", element("input", { id: "zone-seat", type: "number", min: "1", max: "10", value: "1", oninput: hint }))),
      element("p", { id: "calibrate-zones" }),
      element("div", { class: "grid3" },
        button("finish_zone", finishZone, "small"),
        button("undo_point", undoPoint, "small"),
        button("start_over", startMarking, "small")),
      button("save_calibration", save, "big primary")),
  );
}

build();
poll();
// Opening the tab shows the camera at once, not at the next slow look.
document.querySelector('nav.tabs button[data-show="camera"]')?.addEventListener("click", () => look());
