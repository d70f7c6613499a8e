// Where the example pages find the app: beside them ("../"), or on another site, as a rules site
// would have it: ?app=https://thieves-table.example/.  appLink(path) is the link to one of its pages;
// on another site the link names this page's origin (parent=...), the only page the frame will
// tell what happens, and the frame checks that it is the page around it.  A rules site writes the
// link out: <iframe src="https://thieves-table.example/embed.html?game=thievery&mode=tutorial&parent=https://rules.example">
const APP = (() => {
  const named = new URLSearchParams(location.search).get("app");
  const app = new URL(named || "../", location.href);
  return ["http:", "https:"].includes(app.protocol) ? app : new URL("../", location.href);
})();

function appLink(path) {
  const link = new URL(path, APP);
  if (APP.origin !== location.origin) link.searchParams.set("parent", location.origin);
  return link.href;
}
