// Search-as-you-type for the docs search box; without JavaScript the box is a plain form to the results page.
(function () {
  const form = document.querySelector('form.docs-search')
  if (form === null) return
  const input = form.querySelector('input[name="q"]')
  const live = form.querySelector('.docs-search-live')
  const api = form.getAttribute('data-api')
  let timer
  let latest = 0

  function render (body) {
    live.replaceChildren()
    const status = document.createElement('p')
    status.textContent = body.results.length === 0
      ? (document.documentElement.lang === 'de' ? 'Keine Treffer.' : 'No results.')
      : (document.documentElement.lang === 'de' ? body.results.length + ' Treffer' : body.results.length + ' results')
    live.append(status)
    const list = document.createElement('ol')
    for (const result of body.results) {
      const item = document.createElement('li')
      const link = document.createElement('a')
      link.href = result.url
      link.textContent = result.section === null ? result.title : result.title + ' › ' + result.section
      const excerpt = document.createElement('p')
      let at = 0
      for (const [start, end] of result.highlights) {
        if (start < at) continue
        excerpt.append(result.excerpt.slice(at, start))
        const mark = document.createElement('mark')
        mark.textContent = result.excerpt.slice(start, end)
        excerpt.append(mark)
        at = end
      }
      excerpt.append(result.excerpt.slice(at))
      item.append(link, excerpt)
      list.append(item)
    }
    live.append(list)
    live.hidden = false
  }

  async function search () {
    const query = input.value.trim()
    const ticket = ++latest
    if (query === '') {
      live.hidden = true
      live.replaceChildren()
      return
    }
    try {
      const response = await fetch(api + '?limit=8&q=' + encodeURIComponent(query.slice(0, 200)), { headers: { accept: 'application/json' } })
      if (!response.ok || ticket !== latest) return
      render(await response.json())
    } catch {
      // Offline or blocked: the form still submits to the results page.
    }
  }

  input.addEventListener('input', function () {
    clearTimeout(timer)
    timer = setTimeout(search, 150)
  })
  input.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') {
      live.hidden = true
    }
  })
})()
