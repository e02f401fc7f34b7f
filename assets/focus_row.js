// After "Show more": move focus to the first card it added, so keyboard and screen-reader
// users carry on where the new cards begin. The cards arrive with the state change that
// ran this, so wait (a few frames at most) until React has drawn them.
((listId, index) => {
  let frames = 0;
  const focusRow = () => {
    const row = document.getElementById(listId)?.children[index];
    if (row) {
      if (!row.hasAttribute("tabindex")) row.tabIndex = -1;
      row.focus();
    } else if (frames++ < 120) {
      requestAnimationFrame(focusRow);
    }
  };
  focusRow();
})
