import "./index.css";

// Evaluating the whole first-load script at once was the page's longest task (~45 ms of the main thread on
// a first visit, the largest part of its total blocking time): React, the other libraries and the app are
// evaluated one after the other, each in a task of its own (an import of a module already fetched would run
// in the same task), so the browser can paint and answer input between them. The built index.html preloads
// all three (vite.config.ts), so they are fetched together.
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

void import("./boot/react")
  .then(nextTask)
  .then(() => import("./boot/libraries"))
  .then(nextTask)
  .then(() => import("./boot/start"));
