(() => {
  let stored = null;
  try {
    stored = localStorage.getItem("theme");
  } catch {}
  const theme = stored === "light" || stored === "dark" || stored === "system" ? stored : "system";
  const dark = theme === "dark" || (theme === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.add(dark ? "dark" : "light");
})();
