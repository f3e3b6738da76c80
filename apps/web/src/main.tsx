import { render } from "preact";
import { browserTokenStorage } from "./model/token-store.js";
import { webClient } from "./model/web-client.js";
import { App } from "./ui/app.js";
import "./ui/styles.css";

const root = document.getElementById("app");
if (root)
  render(<App tokens={browserTokenStorage()} connect={(token) => webClient(token)} />, root);
