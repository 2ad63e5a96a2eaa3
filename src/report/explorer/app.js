// census24 explorer: filters, sorts and opens every hand of one table, and
// makes puzzle sets as `census24 pick` does. The data is the JSON element
// `census24-data` (one array per column, see src/report/explorer.rs); the
// state of every filter lives in the URL hash so a view can be shared.
// A page of a reach table (D.mode 'games') holds games, a hand and a target
// each: the first of the table's games in the order `census24 pick` draws
// them, so a set is the first games shown, in that order.
(function () {
  'use strict';
  var D = JSON.parse(document.getElementById('census24-data').textContent);
  var N = D.hand.length;
  var GAMES = D.mode === 'games';
  var NOUN = GAMES ? 'games' : 'hands';
  var CARDS = D.hand.map(function (h) { return h.split(' ').map(Number); });
  // What the address names a hand or a game by (S.hand).
  var KEY = function (i) { return GAMES ? D.hand[i] + ' = ' + D.target[i] : D.hand[i]; };
  var BY_HAND = {};
  for (var at = 0; at < N; at++) BY_HAND[KEY(at)] = at;
  // Games by hand (cards ascending, as numbers), then target: the sort of
  // the Hand column on a page of games (a hands page is in hand order).
  // Two hands' cards compared as numbers, card by card.
  function byCards(a, b) {
    for (var j = 0; j < Math.min(CARDS[a].length, CARDS[b].length); j++) {
      if (CARDS[a][j] !== CARDS[b][j]) return CARDS[a][j] - CARDS[b][j];
    }
    return CARDS[a].length - CARDS[b].length;
  }
  var HAND_ORDER = [];
  if (GAMES) {
    D.hand.map(function (h, i) { return i; })
      .sort(function (a, b) { return byCards(a, b) || D.target[a] - D.target[b]; })
      .forEach(function (i, place) { HAND_ORDER[i] = place; });
  }
  var NEED_SIGN = ['+ \u2212', '\u00d7', '\u00f7', 'a/b'];
  var NEED_WORDS = ['+ and \u2212 only', 'a product (\u00d7)', 'a division (\u00f7)', 'a fraction'];
  var PAGE = 200;
  var $ = function (id) { return document.getElementById(id); };

  // ---- state and the URL ----------------------------------------------
  // The hand filters census24 rank and pick share are spelled as their
  // options are (D.flags, from src/puzzles/filter.rs): FLAG.min_time is
  // 'min-time', the key in the address and the input #f-min-time.
  var FLAG = {};
  var DEFAULTS = { q: '', solvable: '' };
  D.flags.forEach(function (f) { FLAG[f[0]] = f[1]; DEFAULTS[f[1]] = ''; });
  Object.assign(DEFAULTS, {
    integer: '', 'with': '', without: '', targets: '', sort: '', hand: '', n: '12', seed: '24', spread: '1', shapes: '1'
  });
  var KEYS = Object.keys(DEFAULTS);
  // The text fields, each an input #f-KEY.
  var INPUTS = ['q', FLAG.min_time, FLAG.max_time, FLAG.time_limit, FLAG.min_dissimilar, FLAG.max_dissimilar, 'with', 'without'];
  if (GAMES) INPUTS.push('targets');
  var S = Object.assign({}, DEFAULTS);
  var shown = PAGE;

  function readHash() {
    var s = Object.assign({}, DEFAULTS);
    var text = location.hash.replace(/^#/, '');
    text.split('&').forEach(function (pair) {
      if (!pair) return;
      var at = pair.indexOf('=');
      var k = decodeURIComponent(at < 0 ? pair : pair.slice(0, at));
      var v = at < 0 ? '' : decodeURIComponent(pair.slice(at + 1).replace(/\+/g, ' '));
      // Addresses made before the counts were named dissimilar, or before
      // the fraction filter was named as rank's, still open.
      k = { 'min-solutions': FLAG.min_dissimilar, 'max-solutions': FLAG.max_dissimilar,
        fraction: FLAG.needs_fraction }[k] || k;
      if (k === 'sort' && /^-?solutions$/.test(v)) v = v.replace('solutions', 'dissimilar');
      if (Object.prototype.hasOwnProperty.call(DEFAULTS, k)) s[k] = v.replace(/,/g, ' ').trim();
    });
    return s;
  }

  function writeHash() {
    var parts = [];
    KEYS.forEach(function (k) {
      if (S[k] !== DEFAULTS[k]) {
        parts.push(k + '=' + encodeURIComponent(S[k].trim().split(/\s+/).join(',')).replace(/%2C/g, ','));
      }
    });
    var hash = parts.length ? '#' + parts.join('&') : '';
    if (hash !== location.hash && !(hash === '' && location.hash === '')) {
      history.replaceState(null, '', location.pathname + location.search + hash);
    }
  }

  // ---- parsing the filters --------------------------------------------
  function words(v) { return v.trim() ? v.trim().split(/[\s,]+/) : []; }
  // A number as pick's options take it: decimal digits (not 0x10 or 1e3).
  function number(v, integer) {
    if (v.trim() === '') return { ok: true, value: null };
    var x = Number(v);
    var ok = /^\s*(\d+\.?\d*|\.\d+)\s*$/.test(v) && isFinite(x) && (!integer || Math.floor(x) === x);
    return { ok: ok, value: ok ? x : null };
  }
  function cardList(v) {
    var w = words(v);
    var ok = w.every(function (t) { return /^-?\d+$/.test(t); });
    return { ok: ok, value: ok && w.length ? w.map(Number) : null };
  }
  // A target or a range of them, as pick's --targets takes it: 952 or 100..199.
  function targetRange(v) {
    var t = v.trim();
    if (t === '') return { ok: true, value: null };
    var m = /^(\d+)(?:\s*\.\.\s*(\d+))?$/.exec(t);
    if (!m) return { ok: false, value: null };
    var lo = Number(m[1]), hi = m[2] === undefined ? lo : Number(m[2]);
    return lo <= hi ? { ok: true, value: [lo, hi] } : { ok: false, value: null };
  }
  function names(v, list) {
    var w = words(v);
    var idx = w.map(function (t) { return list.indexOf(t); });
    var ok = idx.every(function (x) { return x >= 0; });
    return { ok: ok, value: ok && idx.length ? idx : null };
  }

  function compile() {
    var bad = {};
    function take(key, parsed) { if (!parsed.ok) bad[key] = true; return parsed.value; }
    var F = {
      bad: bad,
      q: take('q', cardList(S.q)),
      // A page of games has no filter on solvability, fractions or whole
      // numbers (every game is solvable): those of a hands page's address
      // are left out.
      solvable: GAMES ? '' : S.solvable,
      tier: take(FLAG.tiers, names(S[FLAG.tiers], D.tiers)),
      ops: GAMES ? null : take(FLAG.ops, names(S[FLAG.ops], D.ops)),
      minTime: take(FLAG.min_time, number(S[FLAG.min_time], false)),
      maxTime: take(FLAG.max_time, number(S[FLAG.max_time], false)),
      timeLimit: take(FLAG.time_limit, number(S[FLAG.time_limit], false)),
      minSol: take(FLAG.min_dissimilar, number(S[FLAG.min_dissimilar], true)),
      maxSol: take(FLAG.max_dissimilar, number(S[FLAG.max_dissimilar], true)),
      fraction: GAMES ? '' : S[FLAG.needs_fraction],
      integer: GAMES ? '' : S.integer,
      withCards: take('with', cardList(S['with'])),
      without: take('without', cardList(S.without)),
      targets: GAMES ? take('targets', targetRange(S.targets)) : null
    };
    F.lv = level(F);
    return F;
  }

  // The figures a hand is filtered, sorted, shown and picked by: at answer
  // level lv short of every operation, those of play within it (D.played,
  // tables of up to five cards; src/puzzles/pick.rs as_played), else the
  // table's.
  function fig(i, lv) {
    var p = lv < 2 && !GAMES ? D.played[lv][i] : null;
    if (p) return { time: p[0], tier: p[1], p80: p[2], dissimilar: p[3], rate: p[4] };
    return { time: D.time[i], tier: D.tier[i], p80: D.p80[i], dissimilar: D.dissimilar[i], rate: D.rate[i] };
  }
  // The level of the current filters (set by render).
  var LV = 2;

  // Whether hand i holds every card of `want`, repeats counted.
  function holds(i, want) {
    var left = CARDS[i].slice();
    for (var w = 0; w < want.length; w++) {
      var at = left.indexOf(want[w]);
      if (at < 0) return false;
      left.splice(at, 1);
    }
    return true;
  }

  function yesNo(flag, value) { return flag === '' || (flag === 'yes') === (value === 1); }

  function passes(i, F) {
    if (GAMES) {
      if (F.targets && (D.target[i] < F.targets[0] || D.target[i] > F.targets[1])) return false;
    } else {
      if (!yesNo(F.solvable, D.solvable[i])) return false;
      if (F.ops && (D.need[i] === null || F.ops.indexOf(D.need[i]) < 0)) return false;
      if (!yesNo(F.fraction, D.fraction[i])) return false;
      if (!yesNo(F.integer, D.integer[i])) return false;
    }
    var f = fig(i, F.lv);
    if (F.tier && (f.tier === null || F.tier.indexOf(f.tier) < 0)) return false;
    var t = f.time;
    if (F.minTime !== null && !(t !== null && t >= F.minTime)) return false;
    if (F.maxTime !== null && !(t !== null && t <= F.maxTime)) return false;
    var p80 = f.p80;
    if (F.timeLimit !== null && !(p80 !== null && p80 <= F.timeLimit)) return false;
    var d = f.dissimilar;
    if (F.minSol !== null && !(d !== null && d >= F.minSol)) return false;
    if (F.maxSol !== null && !(d !== null && d <= F.maxSol)) return false;
    if (F.q && !holds(i, F.q)) return false;
    if (F.withCards && !holds(i, F.withCards)) return false;
    if (F.without && CARDS[i].some(function (c) { return F.without.indexOf(c) >= 0; })) return false;
    return true;
  }

  // ---- columns ---------------------------------------------------------
  function fixed(x, n) { return x === null ? '' : x.toFixed(n); }
  function pct(x) { return x === null ? '' : (x * 100).toFixed(1) + '%'; }
  function thousands(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u2009'); }
  function odds(p) {
    if (!p) return '';
    return '1 in ' + thousands(Math.round(1 / p));
  }
  function tierChip(t) { return t === null ? '' : '<span class="tier t' + t + '">' + D.tiers[t] + '</span>'; }
  function dash(v, text) { return v === null ? '<span class="no">\u2014</span>' : text; }

  // Each column with the pages that show it (h hands, g games).
  var COLS = [
    { key: 'hand', label: 'Hand', cls: 'l hand', v: function (i) { return GAMES ? HAND_ORDER[i] : i; }, html: function (i) { return D.hand[i]; } },
    { key: 'target', label: 'Target', on: 'g', v: function (i) { return D.target[i]; }, html: function (i) { return String(D.target[i]); } },
    { key: 'solvable', label: 'Solvable', cls: 'wide', on: 'h', v: function (i) { return D.solvable[i]; },
      html: function (i) { return D.solvable[i] ? 'yes' : '<span class="no">no</span>'; } },
    { key: 'time', label: 'Time (s)', title: 'predicted mean solve time, seconds', v: function (i) { return fig(i, LV).time; },
      html: function (i) { var t = fig(i, LV).time; return dash(t, fixed(t, 2)); } },
    { key: 'rate', label: 'Solve rate', cls: 'wide', title: 'predicted share of attempts that end solved', v: function (i) { return fig(i, LV).rate; },
      html: function (i) { var r = fig(i, LV).rate; return dash(r, pct(r)); } },
    { key: 'tier', label: 'Tier', cls: 'l', v: function (i) { return fig(i, LV).tier; }, html: function (i) { return tierChip(fig(i, LV).tier); } },
    { key: 'dissimilar', label: 'Dissimilar', title: 'dissimilar solutions', v: function (i) { return fig(i, LV).dissimilar; },
      html: function (i) { var d = fig(i, LV).dissimilar; return dash(d, String(d)); } },
    { key: 'structural', label: 'Structural', cls: 'wide', on: 'h', title: 'structural solutions', v: function (i) { return D.structural[i]; },
      html: function (i) { return dash(D.structural[i], String(D.structural[i])); } },
    { key: 'needs', label: 'Needs', on: 'h', title: 'the operations a hand needs', v: function (i) { return D.need[i]; },
      html: function (i) { var n = D.need[i]; return n === null ? '' : '<span class="need" title="' + NEED_WORDS[n] + '">' + NEED_SIGN[n] + '</span>'; } },
    { key: 'fraction', label: 'Fraction', cls: 'wide', on: 'h', title: 'needs a fraction', v: function (i) { return D.fraction[i]; },
      html: function (i) { return D.fraction[i] ? 'yes' : '<span class="no">no</span>'; } },
    { key: 'deal', label: 'Deal odds', cls: 'wide', on: 'h', title: 'chance that a random deal is this hand', v: function (i) { return D.deal[i]; },
      html: function (i) { return odds(D.deal[i]); } },
    { key: 'answer', label: 'Simplest solution', cls: 'l wide', on: 'g', v: function (i) { return D.answer[i]; },
      html: function (i) { return '<span class="expr">' + esc(D.answer[i]) + '</span>'; } }
  ].filter(function (c) { return !c.on || c.on === (GAMES ? 'g' : 'h'); });

  function sortKey() {
    var s = S.sort, desc = s.charAt(0) === '-';
    var key = desc ? s.slice(1) : s;
    var col = COLS.filter(function (c) { return c.key === key; })[0];
    return col ? { col: col, desc: desc } : null;
  }

  function ordered(ids) {
    var k = sortKey();
    if (!k) return ids;
    var v = k.col.v, sign = k.desc ? -1 : 1;
    return ids.slice().sort(function (a, b) {
      var x = v(a), y = v(b);
      if (x === null && y === null) return a - b;
      if (x === null) return 1;
      if (y === null) return -1;
      return x === y ? a - b : (x < y ? -sign : sign);
    });
  }

  // ---- puzzle sets: the steps of src/puzzles/pick.rs -------------------
  function mulberry32(a) {
    return function () {
      a |= 0; a = a + 0x6D2B79F5 | 0;
      var t = Math.imul(a ^ a >>> 15, 1 | a);
      t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t;
      return ((t ^ t >>> 14) >>> 0) / 4294967296;
    };
  }

  // The answer level of a set: the operations its answers may use, as
  // Ops::allowed in src/puzzles/ops.rs (0 add-sub, 1 product, 2 any); the
  // answers, their shapes and the instruction line come from Rust (D.answer,
  // D.shape, D.signs).
  function level(F) {
    if (GAMES || !F.ops) return 2;
    return Math.min(2, Math.max.apply(null, F.ops));
  }

  function pickSet(ids, n, seed, spread, distinct, lv) {
    var time = function (i) { return fig(i, lv).time; };
    var byTime = function (a, b) { return time(a) - time(b) || a - b; };
    var all = ids.filter(function (i) { return time(i) !== null; }).sort(byTime);
    var next = mulberry32(seed);
    var below = function (m) { return Math.floor(next() * m); };
    var shuffle = function (xs) {
      for (var i = xs.length - 1; i > 0; i--) {
        var j = below(i + 1), t = xs[i]; xs[i] = xs[j]; xs[j] = t;
      }
    };
    var seen = {};
    var fresh = function (i) {
      if (!distinct) return true;
      var s = D.shape[i][lv];
      if (seen[s]) return false;
      seen[s] = true;
      return true;
    };
    var taken = [];
    if (spread) {
      var len = all.length;
      for (var s = 0; s < n; s++) {
        var slice = all.slice(Math.floor(s * len / n), Math.floor((s + 1) * len / n));
        shuffle(slice);
        for (var j = 0; j < slice.length; j++) {
          if (fresh(slice[j])) { taken.push(slice[j]); break; }
        }
      }
    } else {
      shuffle(all);
      for (var k = 0; k < all.length && taken.length < n; k++) {
        if (fresh(all[k])) taken.push(all[k]);
      }
    }
    return taken.sort(byTime);
  }

  // A set of games: the first n shown in the order pick draws them (the
  // page's order), then easy to hard as pick prints them (by predicted
  // time, then cards, then target: Order::Curriculum in src/tasks/mod.rs).
  function firstGames(ids, n) {
    var set = ids.slice().sort(function (a, b) { return a - b; }).slice(0, n);
    return set.sort(function (a, b) { return D.time[a] - D.time[b] || byCards(a, b) || D.target[a] - D.target[b]; });
  }

  function pretty(e) { return e.replace(/\*/g, '\u00d7').replace(/\//g, '\u00f7').replace(/-/g, '\u2212'); }
  function esc(s) { return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'); }

  // The sheet's markup is the one src/puzzles/sheet.rs writes; a set
  // restricted to + and - (or + - and x) shows each hand's tier and time as
  // played with those operations (D.played) and says so (D.played_note).
  // A sheet of games gives each puzzle its target, is titled by the game
  // (D.sheet_title) and says the game's rules in D.rule, as
  // games_sheet_html does. Cards are as wide as the largest hand (--tiles);
  // four-card hands of one target are drawn as a 24 card's face, its
  // centre holding the tier's dots (sheet.rs `dots`: easy 1, medium 2,
  // hard and expert 3).
  function sheetHtml(set, lv) {
    var note = GAMES ? null : D.played_note[lv];
    var tiles = set.length ? Math.max.apply(null, set.map(function (i) { return CARDS[i].length; })) : 4;
    var face = !GAMES && set.every(function (i) { return CARDS[i].length === 4; });
    var h = '<div class="sheet"><section class="sheet-page"><h1>' + (GAMES ? esc(D.sheet_title) : 'Make ' + esc(D.target)) + '</h1>' +
      '<p class="student"><span>Name</span><span class="blank"></span><span>Date</span><span class="blank date"></span></p>' +
      '<p class="rule">' + (GAMES ? D.rule : 'Use every card once, with ' + D.signs[lv] + ' and brackets, to make ' + esc(D.target) + '.') + '</p>' +
      (note ? '<p class="played">' + note + '</p>' : '') + '<ol class="puzzles' + (face ? ' faces' : '') + '" style="--tiles: ' + tiles + '">';
    set.forEach(function (i, n) {
      var p = !GAMES && lv < 2 ? D.played[lv][i] : null;
      var tier = p ? p[1] : D.tier[i], time = p ? p[0] : D.time[i];
      var pcs = CARDS[i].map(function (c) { return '<span class="pc">' + c + '</span>'; }).join('');
      var dots = '<span class="dots" title="' + D.tiers[tier] + '">' + '\u25cf\u25cf\u25cf'.slice(0, Math.min(tier + 1, 3)) + '</span>';
      h += '<li class="puzzle" data-hand="' + esc(D.hand[i]) + '"><div class="num">Puzzle ' + (n + 1) + '</div>' +
        (face ? '<div class="cards face">' + pcs + '<span class="centre">' + dots + '</span></div>' : '<div class="cards">' + pcs + '</div>') +
        (GAMES ? '<div class="goal">Make ' + D.target[i] + '</div>' : '') +
        '<div class="level">' + D.tiers[tier] + ' \u00b7 ' + time.toFixed(2) + ' s</div></li>';
    });
    h += '</ol></section><section class="sheet-page answers"><h1>Answers</h1><ol class="answer-list">';
    set.forEach(function (i) {
      h += '<li><span class="hand">' + esc(D.hand[i]) + (GAMES ? ' \u2192 ' + D.target[i] : '') + '</span><span class="answer">' +
        esc(GAMES ? D.answer[i] : D.answer[i][lv] || '') + '</span></li>';
    });
    return h + '</ol></section></div>';
  }

  // The `census24 pick` command for the current view: exact when pick has
  // every filter in use (it has no filter for the cards, solvability, a
  // solution without fractions or integer play).
  // On a page of games, a target filter is pick's --targets, which draws
  // from those games alone (another draw): never the same set.
  function pickCommand(F) {
    var extra = F.q || F.withCards || F.without || F.solvable === 'no' || F.fraction === 'no' || F.integer || F.targets;
    // The table's own --targets (a game no preset names) gives way to the filter's.
    var table = F.targets ? D.table_args.replace(/(^| )--targets \S+/, '').trim() : D.table_args;
    var c = ['census24 pick', table].filter(Boolean).join(' ') + ' --count ' + S.n + ' --seed ' + (GAMES ? D.seed : S.seed);
    if (F.targets) c += ' --targets ' + F.targets[0] + '..' + F.targets[1];
    var opt = function (field, value) { c += ' --' + FLAG[field] + (value === undefined ? '' : ' ' + value); };
    if (F.tier) opt('tiers', F.tier.map(function (t) { return D.tiers[t]; }).join(','));
    if (F.ops) opt('ops', F.ops.map(function (o) { return D.ops[o]; }).join(','));
    if (F.minTime !== null) opt('min_time', S[FLAG.min_time]);
    if (F.maxTime !== null) opt('max_time', S[FLAG.max_time]);
    if (F.timeLimit !== null) opt('time_limit', S[FLAG.time_limit]);
    if (F.minSol !== null) opt('min_dissimilar', F.minSol);
    if (F.maxSol !== null) opt('max_dissimilar', F.maxSol);
    if (F.fraction === 'yes') opt('needs_fraction');
    if (!GAMES && S.spread === '1') c += ' --spread';
    if (!GAMES && S.shapes === '1') c += ' --distinct-shapes';
    return { command: c + ' --format html', exact: !extra };
  }

  // ---- drawing ---------------------------------------------------------
  function drawHead() {
    var k = sortKey();
    $('head').innerHTML = COLS.map(function (c) {
      var sort = k && k.col === c ? ' aria-sort="' + (k.desc ? 'descending' : 'ascending') + '"' : '';
      return '<th class="' + (c.cls || '') + '"' + sort + ' data-key="' + c.key + '"' +
        (c.title ? ' title="' + c.title + '"' : '') + '><button type="button">' + c.label + '</button></th>';
    }).join('');
  }

  function solutionList(i) {
    var text = D.solutions[i];
    if (!text) return '';
    var groups = text.split(';').map(function (g) {
      return g.split(',').map(function (v) {
        var at = v.lastIndexOf('=');
        return at < 0 ? { e: v, c: null } : { e: v.slice(0, at), c: v.slice(at + 1) };
      });
    });
    return '<ol class="solutions" id="solutions">' + groups.map(function (g) {
      var first = g[0];
      var li = '<li class="solution" data-expr="' + esc(first.e) + '"><span class="expr">' + esc(pretty(first.e)) + '</span>' +
        (first.c === null ? '' : '<span class="cx">complexity ' + first.c + '</span>');
      if (g.length > 1) {
        li += '<div class="variants">also written: ' + g.slice(1).map(function (v) {
          return '<span class="expr variant" data-expr="' + esc(v.e) + '" title="complexity ' + v.c + '">' + esc(pretty(v.e)) + '</span>';
        }).join('') + '</div>';
      }
      return li + '</li>';
    }).join('') + '</ol>';
  }

  // A game: its hand and target, its figures, its simplest solution and
  // that solution as steps.
  function gameDetail(i) {
    var h = '<div class="detail-head"><div><h2>Hand ' + esc(D.hand[i]) + ' \u2192 ' + D.target[i] + '</h2><div class="cardrow">' +
      CARDS[i].map(function (c) { return '<span class="card">' + c + '</span>'; }).join('') +
      '</div></div><button type="button" class="close" id="close-detail" aria-label="Close">\u00d7</button></div>';
    h += '<p class="facts"><span>Predicted time <b>' + fixed(D.time[i], 2) + ' s</b></span><span>80% of solvers within <b>' + fixed(D.p80[i], 2) +
      ' s</b></span><span>Solve rate <b>' + pct(D.rate[i]) + '</b></span><span>' + tierChip(D.tier[i]) + '</span>' +
      (D.dissimilar[i] === null ? '' : '<span>Dissimilar solutions <b>' + D.dissimilar[i] + '</b></span>') + '</p>';
    h += '<p class="small muted">The simplest solution (<code>census24 solve</code> prints it, and <code>census24 check</code> grades an answer):</p>' +
      '<ol class="solutions" id="solutions"><li class="solution"><span class="expr">' + esc(D.answer[i]) + '</span></li></ol>' +
      '<ol class="steps" id="steps">' + D.steps[i].split('\n').map(function (l) { return '<li>' + esc(l) + '</li>'; }).join('') + '</ol>';
    return h;
  }

  function drawDetail() {
    var box = $('detail');
    var i = BY_HAND[S.hand];
    if (i === undefined) { box.hidden = true; box.innerHTML = ''; return; }
    if (GAMES) { box.innerHTML = gameDetail(i); box.hidden = false; return; }
    var h = '<div class="detail-head"><div><h2>Hand ' + esc(D.hand[i]) + '</h2><div class="cardrow">' +
      CARDS[i].map(function (c) { return '<span class="card">' + c + '</span>'; }).join('') +
      '</div></div><button type="button" class="close" id="close-detail" aria-label="Close">\u00d7</button></div>';
    if (!D.solvable[i]) {
      h += '<p class="facts">No solution reaches ' + esc(D.target) + ': proved by trying every expression.</p>';
    } else {
      h += '<p class="facts">';
      if (D.time[i] !== null) {
        h += '<span>Predicted time <b>' + fixed(D.time[i], 2) + ' s</b></span><span>80% of solvers within <b>' + fixed(D.p80[i], 2) + ' s</b></span><span>Solve rate <b>' + pct(D.rate[i]) + '</b></span>' +
          '<span>' + tierChip(D.tier[i]) + '</span>';
      }
      if (D.need[i] !== null) h += '<span>Needs <b>' + NEED_WORDS[D.need[i]] + '</b></span>';
      h += '<span>Deal odds <b>' + odds(D.deal[i]) + '</b></span></p>';
      // Under an operations filter the list shows the figures of play
      // within them; the hand's own are the full game's, said so.
      var p = LV < 2 ? D.played[LV][i] : null;
      if (p) {
        h += '<p class="facts played-facts"><span>With ' + D.signs[LV] + ' only: <b>' + fixed(p[0], 2) + ' s</b></span><span>' + tierChip(p[1]) +
          '</span><span><b>' + p[3] + '</b> dissimilar</span></p><p class="small muted">The figures above and the solutions below are the full game\u2019s.</p>';
      }
      var d = D.dissimilar[i], s = D.structural[i];
      if (D.kept === 'all') {
        h += '<p class="small muted">' + d + ' dissimilar solution' + (d === 1 ? '' : 's') + ' (' + s +
          ' structural), easiest first; complexity is the model\u2019s effort of finding it.</p>';
      } else if (D.kept === 'easiest') {
        h += '<p class="small muted">The easiest of ' + d + ' dissimilar solutions (this table is too large to keep them all: <code>census24 solve --all ' +
          esc(D.hand[i]) + '</code> prints every one).</p>';
      } else {
        h += '<p class="small muted">One solution (this table was swept without its solutions table).</p>';
      }
      h += solutionList(i);
    }
    box.innerHTML = h;
    box.hidden = false;
  }

  function drawRows(ids) {
    var sel = BY_HAND[S.hand];
    var html = '';
    var upto = Math.min(ids.length, shown);
    for (var r = 0; r < upto; r++) {
      var i = ids[r];
      html += '<tr data-i="' + i + '"' + (i === sel ? ' aria-selected="true"' : '') + '>';
      for (var c = 0; c < COLS.length; c++) {
        html += '<td class="' + (COLS[c].cls || '') + '">' + COLS[c].html(i) + '</td>';
      }
      html += '</tr>';
    }
    if (!ids.length) html = '<tr class="empty"><td colspan="' + COLS.length + '">No ' + (GAMES ? 'game' : 'hand') + ' passes these filters.</td></tr>';
    $('rows').innerHTML = html;
    var more = $('more');
    more.hidden = ids.length <= shown;
    more.textContent = 'Show ' + Math.min(PAGE, ids.length - shown) + ' more of the ' + (ids.length - shown) + ' not shown';
  }

  var current = [];
  function render() {
    var F = compile();
    LV = F.lv;
    var note = LV < 2 && !GAMES ? D.played_note[LV] : null;
    $('played-note').textContent = note || '';
    $('played-note').hidden = !note;
    current = [];
    for (var i = 0; i < N; i++) if (passes(i, F)) current.push(i);
    current = ordered(current);
    $('count').textContent = current.length + ' of ' + N + ' ' + NOUN;
    INPUTS.forEach(function (k) {
      var el = $('f-' + k);
      if (F.bad[k]) el.setAttribute('aria-invalid', 'true'); else el.removeAttribute('aria-invalid');
    });
    drawHead();
    drawRows(current);
    drawDetail();
    writeHash();
  }

  // ---- controls --------------------------------------------------------
  function chips(box, list, key, label) {
    box.innerHTML = list.map(function (name, n) {
      return '<button type="button" class="chip" data-value="' + name + '" title="' + label(n) + '">' + name + '</button>';
    }).join('');
    box.addEventListener('click', function (ev) {
      var b = ev.target.closest('button');
      if (!b) return;
      var on = words(S[key]);
      var at = on.indexOf(b.dataset.value);
      if (at < 0) on.push(b.dataset.value); else on.splice(at, 1);
      S[key] = list.filter(function (x) { return on.indexOf(x) >= 0; }).join(' ');
      shown = PAGE;
      syncControls();
      render();
    });
  }

  function syncControls() {
    INPUTS.forEach(function (k) {
      var el = $('f-' + k);
      if (el.value !== S[k]) el.value = S[k];
    });
    document.querySelectorAll('.seg').forEach(function (seg) {
      seg.querySelectorAll('button').forEach(function (b) {
        b.setAttribute('aria-pressed', String(S[seg.dataset.key] === b.dataset.value));
      });
    });
    [['f-' + FLAG.tiers, FLAG.tiers], ['f-' + FLAG.ops, FLAG.ops]].forEach(function (p) {
      var on = words(S[p[1]]);
      $(p[0]).querySelectorAll('button').forEach(function (b) {
        b.setAttribute('aria-pressed', String(on.indexOf(b.dataset.value) >= 0));
      });
    });
    $('s-n').value = S.n;
    $('s-seed').value = S.seed;
    $('s-spread').checked = S.spread === '1';
    $('s-shapes').checked = S.shapes === '1';
  }

  function init() {
    document.title = D.title + ' \u2014 census24 explorer';
    $('title').textContent = D.title;
    $('family').textContent = D.family.charAt(0).toUpperCase() + D.family.slice(1) + ' \u00b7 ' + N + ' ' + NOUN;
    document.body.classList.add(GAMES ? 'games' : 'hands');
    if (GAMES) {
      $('drawn').textContent = N < D.games ?
        'The first ' + thousands(N) + ' of the table\u2019s ' + thousands(D.games) + ' solvable games in the order census24 pick draws them (seed ' + D.seed +
          '), each worked out again. census24 rank and pick read every game.' :
        'Every one of the table\u2019s ' + thousands(D.games) + ' solvable games, in the order census24 pick draws them (seed ' + D.seed + ').';
      $('set-about').textContent = 'The first games shown, in the order census24 pick draws them, easy to hard, with the answers on a second page.';
    }
    $('partition').textContent = D.partition;
    $('model').textContent = D.model;
    chips($('f-' + FLAG.tiers), D.tiers, FLAG.tiers, function (n) {
      var from = D.tier_from[n], to = D.tier_from[n + 1];
      return to === undefined ? from + ' s and more' : from + ' to ' + to + ' s';
    });
    if (!GAMES) chips($('f-' + FLAG.ops), D.ops, FLAG.ops, function (n) { return 'needs ' + NEED_WORDS[n]; });
    if (D.kept === 'none') {
      $('f-' + FLAG.ops).querySelectorAll('button').forEach(function (b) { b.disabled = true; });
    }
    INPUTS.forEach(function (k) {
      $('f-' + k).addEventListener('input', function (ev) {
        S[k] = ev.target.value;
        shown = PAGE;
        if (k === 'q') {
          var c = cardList(S.q);
          if (!GAMES && c.ok && c.value && c.value.length === D.k) {
            var h = c.value.slice().sort(function (a, b) { return a - b; }).join(' ');
            if (BY_HAND[h] !== undefined) S.hand = h;
          }
        }
        render();
      });
    });
    document.querySelectorAll('.seg').forEach(function (seg) {
      seg.addEventListener('click', function (ev) {
        var b = ev.target.closest('button');
        if (!b) return;
        S[seg.dataset.key] = b.dataset.value;
        shown = PAGE;
        syncControls();
        render();
      });
    });
    [['s-n', 'n'], ['s-seed', 'seed']].forEach(function (p) {
      $(p[0]).addEventListener('input', function (ev) { S[p[1]] = ev.target.value; writeHash(); });
    });
    [['s-spread', 'spread'], ['s-shapes', 'shapes']].forEach(function (p) {
      $(p[0]).addEventListener('change', function (ev) { S[p[1]] = ev.target.checked ? '1' : '0'; writeHash(); });
    });
    $('reset').addEventListener('click', function () {
      KEYS.forEach(function (k) { if (['sort', 'n', 'seed', 'spread', 'shapes'].indexOf(k) < 0) S[k] = DEFAULTS[k]; });
      shown = PAGE;
      syncControls();
      render();
    });
    $('head').addEventListener('click', function (ev) {
      var th = ev.target.closest('th');
      if (!th) return;
      var key = th.dataset.key;
      S.sort = S.sort === key ? '-' + key : (S.sort === '-' + key ? '' : key);
      render();
    });
    $('rows').addEventListener('click', function (ev) {
      var tr = ev.target.closest('tr[data-i]');
      if (!tr) return;
      var h = KEY(Number(tr.dataset.i));
      S.hand = S.hand === h ? '' : h;
      render();
      if (S.hand && window.innerWidth > 860) $('detail').scrollIntoView({ block: 'nearest' });
    });
    $('detail').addEventListener('click', function (ev) {
      if (ev.target.id === 'close-detail') { S.hand = ''; render(); }
    });
    $('more').addEventListener('click', function () { shown += PAGE; drawRows(current); });
    $('make-set').addEventListener('click', function () {
      var n = Number(S.n), seed = Number(S.seed);
      if (!(n >= 1 && Math.floor(n) === n)) { $('s-n').setAttribute('aria-invalid', 'true'); return; }
      if (!GAMES && !(seed >= 0 && seed < 4294967296 && Math.floor(seed) === seed)) { $('s-seed').setAttribute('aria-invalid', 'true'); return; }
      $('s-n').removeAttribute('aria-invalid');
      $('s-seed').removeAttribute('aria-invalid');
      var F = compile();
      var lv = level(F);
      var set = GAMES ? firstGames(current, n) : pickSet(current, n, seed, S.spread === '1', S.shapes === '1', lv);
      var cmd = pickCommand(F);
      // A short set says why, in census24 pick's words (D.short_set); a
      // page holding only the first games of the table says pick has more.
      var short = set.length < n ? (GAMES ? 'only ' + set.length + ' of the games on this page pass these filters' +
        (N < D.games ? ': census24 pick draws from all ' + thousands(D.games) + ' games of the table' : '') :
        D.short_set[S.shapes === '1' ? 1 : 0].replace('{n}', set.length)) : '';
      if (short) short = '<span id="short-set">' + short.charAt(0).toUpperCase() + short.slice(1) + '.</span> ';
      // A short set is pick's only when pick tries every game and the page
      // holds every solvable one.
      if (GAMES && set.length < n && !(N === D.games && D.all_drawn)) cmd.exact = false;
      $('sheet-body').innerHTML = '<p class="sheet-note small">' + set.length + ' puzzle' + (set.length === 1 ? '' : 's') +
        ' from the ' + current.length + ' ' + NOUN + ' shown. ' + short + (cmd.exact ? 'The same set on the command line: ' :
        'The filters census24 pick has, on the command line: ') + '<code id="pick-command">' + esc(cmd.command) + '</code></p>' + sheetHtml(set, lv);
      $('sheet').hidden = false;
      window.scrollTo(0, 0);
    });
    $('sheet-back').addEventListener('click', function () { $('sheet').hidden = true; });
    $('sheet-print').addEventListener('click', function () { window.print(); });
    window.addEventListener('hashchange', function () {
      S = readHash();
      shown = PAGE;
      syncControls();
      render();
    });
    if (window.matchMedia('(max-width: 860px)').matches) {
      $('filter-box').open = false;
      $('set-box').open = false;
    }
    S = readHash();
    syncControls();
    render();
  }

  init();
})();
