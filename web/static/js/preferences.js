// How the display looks: four-colour deck and the colour-blind-safe theme (with large suit
// symbols). Chosen with buttons (remembered on this device) or in the address, e.g.
// /?deck=four&theme=cb for a TV started by a script.

const SETTINGS = {
  deck: { values: ["two", "four"], className: { four: "deck-four" }, button: "toggle-deck" },
  theme: { values: ["default", "cb"], className: { cb: "theme-cb" }, button: "toggle-theme" },
};

function stored(name) {
  try { return localStorage.getItem(`tableside.${name}`); } catch (error) { return null; }
}

function store(name, value) {
  try { localStorage.setItem(`tableside.${name}`, value); } catch (error) { /* private mode */ }
}

export function preference(name) {
  const setting = SETTINGS[name];
  const asked = new URLSearchParams(location.search).get(name);
  return [asked, stored(name)].find((v) => setting.values.includes(v)) || setting.values[0];
}

export function applyPreferences() {
  for (const [name, setting] of Object.entries(SETTINGS)) {
    const value = preference(name);
    for (const className of Object.values(setting.className)) {
      document.body.classList.remove(className);
    }
    if (setting.className[value]) document.body.classList.add(setting.className[value]);
    const button = document.getElementById(setting.button);
    if (button) button.setAttribute("aria-pressed", String(value !== setting.values[0]));
  }
}

export function bindPreferenceButtons(changed = () => {}) {
  for (const [name, setting] of Object.entries(SETTINGS)) {
    const button = document.getElementById(setting.button);
    if (!button) continue;
    button.addEventListener("click", () => {
      const values = setting.values;
      const next = values[(values.indexOf(preference(name)) + 1) % values.length];
      store(name, next);
      // The address wins over the stored choice: drop it so the click shows.
      const url = new URL(location.href);
      if (url.searchParams.has(name)) {
        url.searchParams.delete(name);
        history.replaceState(null, "", url);
      }
      applyPreferences();
      changed();
    });
  }
}
