// The explorer page of a census of large sets: the page data holds each
// set's numbers, solvable games by large tiles and ranks (computed by
// census24 over every set); this script filters, orders and renders them.
(function () {
  'use strict';
  var D = JSON.parse(document.getElementById('census24-data').textContent);
  var $ = function (id) { return document.getElementById(id); };
  var N = D.large.length;
  var PAGE = 200;
  var BY = ['every game', '1 large tile', '2 large tiles', '3 large tiles', '4 large tiles'];
  var S = { holding: [], bad: false, by: 0, easiest: false, shown: PAGE };

  function esc(s) { return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'); }
  function num(n) { return n.toLocaleString('en-US'); }
  function name(i) { return D.large[i].join(' '); }
  function parts(i, m) {
    if (m > 0) return [D.solvable[i][m], D.games[m]];
    var a = 0, b = 0;
    for (var j = 0; j < D.games.length; j++) { a += D.solvable[i][j]; b += D.games[j]; }
    return [a, b];
  }
  function pct(i, m) { var p = parts(i, m); return (p[1] ? 100 * p[0] / p[1] : 0).toFixed(2) + '%'; }
  // Whole decimal numbers only: "0x10" is not 16.
  function numbers(s) { return (s.match(/[0-9]+/g) || []).map(function (w) { return parseInt(w, 10); }); }
  function holds(i) { return !S.bad && S.holding.every(function (n) { return D.large[i].indexOf(n) >= 0; }); }

  function current() {
    var ids = [];
    for (var i = 0; i < N; i++) if (holds(i)) ids.push(i);
    ids.sort(function (a, b) { return D.rank[a][S.by] - D.rank[b][S.by]; });
    if (S.easiest) ids.reverse();
    return ids;
  }

  function head() {
    var cells = ['Rank', 'Large numbers'].concat(BY.map(function (b, m) { return (m === 0 ? 'Solvable, ' : '') + b; }));
    $('head').innerHTML = cells.map(function (c, k) {
      return '<th' + (k === S.by + 2 ? ' class="sorted"' : '') + '>' + esc(c) + '</th>';
    }).join('');
  }

  function render() {
    var ids = current();
    head();
    var rows = ids.slice(0, S.shown).map(function (i) {
      var cells = [num(D.rank[i][S.by]), name(i)].concat(BY.map(function (_, m) { return pct(i, m); }));
      return '<tr data-i="' + i + '" tabindex="0">' + cells.map(function (c, k) {
        return '<td' + (k === 1 ? ' class="hand"' : '') + '>' + esc(c) + '</td>';
      }).join('') + '</tr>';
    });
    if (!ids.length) {
      rows = ['<tr class="empty"><td colspan="' + (BY.length + 2) + '">' + (S.bad ? 'Only whole numbers, such as 25 100.' :
        'No set on this page holds ' + esc(S.holding.join(' ')) + '; census24 rank ' + esc(D.args) +
        ' --holding "' + esc(S.holding.join(' ')) + '" ranks every set that does.') + '</td></tr>'];
    }
    $('rows').innerHTML = rows.join('');
    var more = $('more');
    more.hidden = ids.length <= S.shown;
    more.textContent = 'Show ' + Math.min(PAGE, ids.length - S.shown) + ' more of the ' + (ids.length - S.shown) + ' not shown';
    $('count').textContent = num(ids.length) + ' of ' + num(N) + ' sets';
    $('f-holding').setAttribute('aria-invalid', S.bad || (ids.length === 0 && S.holding.length) ? 'true' : 'false');
  }

  function open(i) {
    var set = D.large[i];
    var lines = BY.map(function (b, m) {
      var p = parts(i, m);
      return '<li>' + esc(b) + ': <strong>' + pct(i, m) + '</strong> (' + num(p[0]) + ' of ' + num(p[1]) + ' games), rank ' +
        num(D.rank[i][m]) + ' of ' + num(D.sets) + '</li>';
    }).join('');
    var deck = D.small + ',' + set.join(',');
    var pick = 'census24 pick --game countdown --deck ' + deck + (D.targets ? ' --targets ' + D.targets : '') + ' -n 12';
    var rank = 'census24 rank ' + D.args + ' --holding "' + set.join(' ') + '"' + (S.by ? ' --large-tiles ' + S.by : '');
    var el = $('detail');
    el.innerHTML = '<h2>' + esc(name(i)) + '</h2><ul class="shares">' + lines + '</ul>' +
      '<p class="muted small">The same figures on the command line:</p><pre><code class="rank-command">' + esc(rank) + '</code></pre>' +
      '<p class="muted small">Puzzles played with this set:</p><pre><code class="pick-command">' + esc(pick) + '</code></pre>';
    el.hidden = false;
  }

  function init() {
    $('title').textContent = D.title;
    $('family').textContent = D.census + ' \u00b7 ' + num(D.sets) + ' sets';
    $('drawn').textContent = 'This page holds the ' + D.per_end + ' hardest and ' + D.per_end +
      ' easiest sets by each share, and the show\u2019s 25 50 75 100: ' + num(N) + ' of the ' + num(D.sets) +
      ' sets, each ranked among all of them; census24 rank ' + D.args + ' --holding "A B" ranks every set holding A and B.';
    $('partition').textContent = D.partition;
    $('f-by').innerHTML = BY.map(function (b, m) {
      return '<button type="button" class="chip" data-by="' + m + '" aria-pressed="' + (m === 0) + '">' + esc(b) + '</button>';
    }).join('');
    $('f-by').addEventListener('click', function (e) {
      var b = e.target.closest('[data-by]');
      if (!b) return;
      S.by = +b.dataset.by;
      Array.from($('f-by').children).forEach(function (c) { c.setAttribute('aria-pressed', String(c === b)); });
      S.shown = PAGE; render();
    });
    $('f-order').addEventListener('click', function (e) {
      var b = e.target.closest('[data-value]');
      if (!b) return;
      S.easiest = b.dataset.value === 'easiest';
      Array.from($('f-order').children).forEach(function (c) { c.setAttribute('aria-pressed', String(c === b)); });
      S.shown = PAGE; render();
    });
    $('f-holding').addEventListener('input', function () {
      S.bad = /[^0-9\s,]/.test(this.value);
      S.holding = numbers(this.value); S.shown = PAGE; render();
    });
    $('reset').addEventListener('click', function () {
      $('f-holding').value = ''; S.holding = []; S.bad = false;
      $('f-by').children[0].click(); $('f-order').children[0].click();
    });
    $('more').addEventListener('click', function () { S.shown += PAGE; render(); });
    $('rows').addEventListener('click', function (e) {
      var tr = e.target.closest('tr[data-i]');
      if (tr) open(+tr.dataset.i);
    });
    $('rows').addEventListener('keydown', function (e) {
      var tr = e.target.closest('tr[data-i]');
      if (tr && (e.key === 'Enter' || e.key === ' ')) { e.preventDefault(); open(+tr.dataset.i); }
    });
    render();
  }
  init();
})();
