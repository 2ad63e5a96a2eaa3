// The play page of `census24 pick --format play`: a player's label, then
// one puzzle at a time with a clock, then the answers as a CSV to save.
// It grades nothing (`census24 calibrate --play` grades every answer with
// the library's grader) and sends nothing anywhere: the CSV is made here.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('play-data').textContent);
  var $ = function (id) { return document.getElementById(id); };
  var rows = [];
  var player = '';
  var at = 0;
  var shownAt = 0;
  var ticker = null;

  function show(id) {
    ['start', 'play', 'done'].forEach(function (s) { $(s).hidden = s !== id; });
  }

  // A CSV cell: quoted when it holds a comma, a quote or a line break.
  function cell(v) {
    var s = String(v).replace(/[\r\n]+/g, ' ');
    return /[",]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
  }

  function csv() {
    var lines = [data.columns.join(',')];
    rows.forEach(function (r) {
      lines.push(data.columns.map(function (c) { return cell(r[c]); }).join(','));
    });
    return lines.join('\n') + '\n';
  }

  function tick() {
    $('clock').textContent = ((performance.now() - shownAt) / 1000).toFixed(0) + ' s';
  }

  function puzzle() {
    var p = data.puzzles[at];
    $('counter').textContent = 'Puzzle ' + (at + 1) + ' of ' + data.puzzles.length;
    var tiles = $('tiles');
    tiles.textContent = '';
    p.hand.split(' ').forEach(function (c) {
      var s = document.createElement('span');
      s.className = 'tile';
      s.textContent = c;
      tiles.appendChild(s);
    });
    $('goal').textContent = 'Make ' + p.target;
    $('answer').value = '';
    $('answer').focus();
    shownAt = performance.now();
    tick();
  }

  function record(outcome) {
    var p = data.puzzles[at];
    var seconds = (performance.now() - shownAt) / 1000;
    rows.push({
      game: data.game, hand: p.hand, target: p.target,
      answer: outcome === data.outcomes.answered ? $('answer').value.trim() : '',
      seconds: seconds.toFixed(2), outcome: outcome, player: player
    });
    at += 1;
    if (at < data.puzzles.length) {
      puzzle();
    } else {
      finish();
    }
  }

  function finish() {
    clearInterval(ticker);
    show('done');
    var text = csv();
    $('csv').value = text;
    var link = $('download');
    link.href = 'data:text/csv;charset=utf-8,' + encodeURIComponent(text);
    link.download = 'play-' + player.replace(/[^A-Za-z0-9_-]+/g, '_') + '.csv';
  }

  $('start-form').addEventListener('submit', function (e) {
    e.preventDefault();
    player = $('player').value.trim();
    if (!player) { $('player').focus(); return; }
    show('play');
    ticker = setInterval(tick, 250);
    puzzle();
  });
  $('answer-form').addEventListener('submit', function (e) {
    e.preventDefault();
    if (!$('answer').value.trim()) { $('answer').focus(); return; }
    record(data.outcomes.answered);
  });
  $('none').addEventListener('click', function () { record(data.outcomes.none); });
  $('give-up').addEventListener('click', function () { record(data.outcomes.gaveUp); });
  show('start');
  $('player').focus();
}());
