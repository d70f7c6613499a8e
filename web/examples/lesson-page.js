// The example lesson pages' one script: the frame ([data-game]) plays that game's guided first game
// (embed mode=tutorial; a data-part such as "solo" one of its shorter lessons), and the line below it tells what the
// embed posts: {source: "thieves-table", type: "ready" | "move" | "over" | "lesson-done", ...}.
// The app is beside these pages ("../"), or on another site as a rules site would have it:
// ?app=https://thieves-table.example/ (appLink, in app-link.js, names this page to the frame: parent=).
const frame = document.querySelector("iframe[data-game]");
const extra = location.search.includes("fast") ? "&fast" : "";
const part = frame.dataset.part ? `&part=${frame.dataset.part}` : "";
frame.src = appLink(`embed.html?game=${frame.dataset.game}&mode=tutorial${part}&seed=1${extra}`);
window.received = [];
const moves = document.getElementById("moves");
const WORDS = {
  over: frame.dataset.over || "The game is over.",
  "lesson-done": "The lesson is done: well played.",
  ready: "The lesson is dealt.",
};
window.addEventListener("message", (event) => {
  if (event.origin !== APP.origin || !event.data || event.data.source !== "thieves-table") return;
  window.received.push(event.data);
  const line = event.data.type === "move" ? (event.data.said || []).join(" ") : WORDS[event.data.type] || event.data.message;
  if (line) moves.textContent = line;
});
