(() => {
  let stored = null;
  let signedIn = false;
  try {
    stored = localStorage.getItem("theme");
    signedIn = localStorage.getItem("token") !== null;
  } catch {}
  const theme = stored === "light" || stored === "dark" || stored === "system" ? stored : "system";
  const dark = theme === "dark" || (theme === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.add(dark ? "dark" : "light");
  // A prerendered public page shows what a visitor sees; a signed-in user waits for their own (src/boot/start.tsx).
  if (signedIn) document.documentElement.classList.add("signed-in");
  holdEarlyInput();
})();

/**
 * A prerendered page shows its controls before React runs them (app/InteractiveMark.tsx marks when it
 * does). Until then a click would do nothing and a form would submit by itself (putting its fields in the
 * address); so clicks and submits are held, and once React runs the screen, what was typed is handed to it
 * and they are replayed in order on the same elements (or, on a screen rendered anew, on the ones in the
 * same place). Links are left to the browser: they work without the app.
 */
function holdEarlyInput() {
  const html = document.documentElement;
  const held = [];
  const typed = new Map();
  const waiting = () => !html.hasAttribute("data-interactive");
  const root = () => document.getElementById("root");

  /** The element's place under #root, as child indexes, to find its like on a screen rendered anew. */
  const placeOf = (element) => {
    const place = [];
    for (let node = element; node !== root(); node = node.parentElement) {
      if (!node?.parentElement) return null;
      place.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
    }
    return place;
  };
  const find = ({ element, place }) => {
    if (element.isConnected) return element;
    let node = root();
    for (const index of place) node = node?.children[index];
    return node?.tagName === element.tagName ? node : null;
  };
  const inApp = (target) => target instanceof Element && target !== root() && root()?.contains(target);
  const hold = (event, replay) => {
    if (!inApp(event.target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push({ element: event.target, place: placeOf(event.target), replay });
  };

  // A click is replayed with the presses before it: some controls (menus) act on the press, not the click.
  const clickAgain = (event) => (element) => {
    const init = {
      bubbles: true,
      cancelable: true,
      composed: true,
      view: window,
      clientX: event.clientX,
      clientY: event.clientY,
      button: 0,
      pointerId: 1,
      pointerType: event.pointerType || "mouse",
      isPrimary: true,
    };
    element.dispatchEvent(new PointerEvent("pointerdown", { ...init, buttons: 1 }));
    element.dispatchEvent(new MouseEvent("mousedown", { ...init, buttons: 1 }));
    element.dispatchEvent(new PointerEvent("pointerup", init));
    element.dispatchEvent(new MouseEvent("mouseup", init));
    element.dispatchEvent(new MouseEvent("click", init));
  };
  // A press that began before React ran the screen is its gesture: kept from React (which may be taking the
  // screen over and would act on it as well), then replayed whole with its click, even one after the takeover.
  let pressed = null;
  const pressable = (event) => inApp(event.target) && !event.target.closest("a[href]");
  document.addEventListener(
    "pointerdown",
    (event) => {
      pressed = waiting() && pressable(event) ? event.target : null;
      if (pressed) event.stopImmediatePropagation();
    },
    true,
  );
  for (const press of ["mousedown", "pointerup", "mouseup"]) {
    document.addEventListener(press, (event) => pressed && event.stopImmediatePropagation(), true);
  }
  document.addEventListener(
    "click",
    (event) => {
      const gesture = pressed;
      pressed = null;
      if (event.button !== 0 || !pressable(event) || !(waiting() || gesture)) return;
      hold(event, clickAgain(event));
      if (!waiting()) setTimeout(replay);
    },
    true,
  );
  document.addEventListener(
    "submit",
    (event) => {
      const submitter = event.submitter;
      if (waiting()) hold(event, (form) => form.requestSubmit(submitter?.isConnected ? submitter : undefined));
    },
    true,
  );
  document.addEventListener(
    "input",
    (event) => {
      if (waiting() && inApp(event.target))
        typed.set(event.target, { element: event.target, place: placeOf(event.target), value: event.target.value });
    },
    true,
  );

  /**
   * React reads a change of value against the one it last set: the field is set to empty its way, then to
   * what was typed past it, so the input event reads as a change (onChange, and a form library, get it).
   */
  const handOver = (entry) => {
    const field = find(entry);
    if (!field || !("value" in field)) return;
    field.value = "";
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, entry.value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  };

  const replay = () => {
    for (const entry of typed.values()) handOver(entry);
    typed.clear();
    for (const entry of held.splice(0)) {
      const element = find(entry);
      if (element) entry.replay(element);
    }
  };
  new MutationObserver((_, observer) => {
    if (waiting()) return;
    observer.disconnect();
    // After the effects of React's first commit (the mark is one of them), so the fields are its own.
    setTimeout(replay);
  }).observe(html, { attributes: true, attributeFilter: ["data-interactive"] });
}
