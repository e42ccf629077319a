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
  // A prerendered public page shows what a visitor sees; a signed-in user waits for their own (main.tsx).
  if (signedIn) document.documentElement.classList.add("signed-in");
  // Until React runs the screen (app/InteractiveMark.tsx), a prerendered form must not submit by itself.
  document.addEventListener(
    "submit",
    (event) => {
      if (!document.documentElement.hasAttribute("data-interactive")) event.preventDefault();
    },
    true,
  );
})();
