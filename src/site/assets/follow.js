// The "Follow" section's copy buttons: one per snippet, added only where the script runs (the snippets are plain text
// without it). What was copied, or that copying failed and the text is selected, is said in the section's live region.
const section = document.getElementById('follow')
if (section !== null) addCopyButtons(section)

function addCopyButtons (section) {
  const announce = section.querySelector('#follow-announce')
  const say = (template, what) => {
    // A new text each time, so that copying the same snippet twice is announced twice.
    announce.textContent = ''
    setTimeout(() => { announce.textContent = template.replace('{what}', what) }, 50)
  }
  for (const code of section.querySelectorAll('code[data-copy]')) {
    const button = document.createElement('button')
    button.type = 'button'
    button.className = 'copy-button'
    button.textContent = section.dataset.copyLabel ?? 'Copy'
    button.setAttribute('aria-label', `${button.textContent}: ${code.dataset.copy}`)
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(code.textContent)
        say(section.dataset.copied ?? 'Copied: {what}', code.dataset.copy)
      } catch {
        // No clipboard (a page over plain HTTP, or permission refused): select the text for the reader to copy.
        const range = document.createRange()
        range.selectNodeContents(code)
        const selection = window.getSelection()
        selection.removeAllRanges()
        selection.addRange(range)
        say(section.dataset.copyFailed ?? 'Could not copy {what}', code.dataset.copy)
      }
    })
    code.after(button)
  }
}
