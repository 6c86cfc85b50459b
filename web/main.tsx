import "@picocss/pico/css/pico.min.css";
import "./styles/app.css";
import "./styles/stacked-tables.css";
import { hydrate, render } from "react-dom";
import { App } from "./App";
import { spaceActivatesLinkButtons } from "./lib/link-buttons";

spaceActivatesLinkButtons();

// Prerendered pages arrive with their markup; hydrate them instead of rendering anew.
const root = document.body;
if (root.dataset.prerendered === "true") hydrate(<App />, root);
else render(<App />, root);
