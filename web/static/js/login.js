// The dealer's login and first-start PIN setup.
import { chooseLanguage, language, pick, setLanguage, translatePage } from "./i18n.js";

const csrf = document.querySelector('meta[name="csrf-token"]').content;
chooseLanguage(document.body.dataset.defaultLanguage);
translatePage();

document.getElementById("toggle-language").addEventListener("click", () => {
  setLanguage(language() === "en" ? "de" : "en");
  translatePage();
});

const message = document.getElementById("message");

for (const form of document.querySelectorAll("form")) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(form));
    const url = form.dataset.mode === "setup" ? "/dealer/setup" : "/dealer/login";
    message.textContent = "";
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
      body: JSON.stringify(data),
    });
    const body = await response.json().catch(() => ({}));
    if (response.ok) {
      const next = new URLSearchParams(location.search).get("next");
      location.assign(next && next.startsWith("/dealer") ? next : "/dealer");
    } else {
      message.textContent = pick(body.error?.message) || response.statusText;
    }
  });
}
