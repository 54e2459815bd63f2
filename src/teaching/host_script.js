  // Host side: follow the lab's height and collect its results (xAPI statements; add the actor).
  const lab = document.querySelector('iframe[title="Control Plane Lab"]');
  let ready = false;
  const say = (role, text) => {
    const note = document.createElement("p");
    note.setAttribute("role", role);
    note.textContent = text;
    lab.after(note);
  };
  addEventListener("message", (e) => {
    if (e.source !== lab.contentWindow) return;
    const m = e.data;
    if (m?.source !== "control-plane-lab" || m.version !== 1) return;
    if (m.type === "ready") ready = true;
    // Running, but not allowed to report to this page (the lab tells the student why, too).
    if (m.type === "ready" && m.payload?.reporting === false) {
      console.warn("the lab is not reporting here:", m.payload.reason);
      say("status", "The lab is running but cannot report your results here. To hand in: export your report (JSON or CSV) in the lab and send the file to your teacher.");
    }
    // Only with the frame following the lab's height (no height=fixed in src).
    if (m.type === "resize" && !lab.src.includes("height=fixed")) lab.style.height = `${m.payload.height}px`;
    if (m.type === "result") console.log("statements", m.payload.statements, m.payload.completed);
    if (m.type === "error") console.warn("the lab failed", m.payload.message);
  });
  // Say so when the lab never starts (a wrong src, a blocked script), instead of a blank frame.
  setTimeout(() => {
    if (!ready) say("alert", "The lab did not start. Reload the page; if it stays blank, tell your teacher.");
  }, 10000);
