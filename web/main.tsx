import "@picocss/pico/css/pico.min.css";
import "./styles/app.css";
import "./styles/stacked-tables.css";
// Small stylesheets of parts several screens share, in the global one: as files of their own
// each was one more request before a screen could first paint on a slow phone network.
import "./styles/card-rows.css";
import "./components/tabs/tabs.css";
import "./components/census/census-upload.css";
import { hydrate, render } from "react-dom";
import { App } from "./App";
import { spaceActivatesLinkButtons } from "./lib/link-buttons";

spaceActivatesLinkButtons();

// Prerendered pages arrive with their markup; hydrate them instead of rendering anew.
const root = document.body;
if (root.dataset.prerendered === "true") hydrate(<App />, root);
else render(<App />, root);
