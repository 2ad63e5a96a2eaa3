//! Standard input of `solve --stdin` and `check --stdin`: one reader, one
//! line limit, one batching rule.
//!
//! Input is read as bytes, line by line, so that one bad line (not UTF-8,
//! longer than [`MAX_LINE_BYTES`]) costs only its own answer: every other
//! line gets its answer or its error, in input order. A byte-order mark
//! before the first line is skipped; blank lines and `#` comments are
//! skipped. Lines are read on a thread of their own and handed over in
//! batches, so that waiting for input and answering what has come are
//! independent.

use std::io::{self, BufRead, Write};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::game::error::{InputError, one_line};

/// The longest input line read, in bytes, by every `--stdin`: a hand has
/// at most 64 cards and an answer a few hundred characters, so anything
/// longer is neither, and reading it whole could take all memory. A longer
/// line is an error for that line only, found without holding it.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// One line read: its number (from 1) and its text, or why it is not text.
pub type NumberedLine = (usize, Result<String, InputError>);

/// Lines of standard input as numbered text, each line on its own: a line
/// that is not UTF-8 or too long becomes that line's error.
struct Lines<R> {
    input: R,
    number: usize,
    buf: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    fn new(input: R) -> Lines<R> {
        Lines {
            input,
            number: 0,
            buf: Vec::new(),
        }
    }

    /// The next line; `Ok(None)` at the end of the input, `Err` when
    /// reading fails.
    fn next_line(&mut self) -> io::Result<Option<NumberedLine>> {
        self.buf.clear();
        let (mut any, mut too_long) = (false, false);
        loop {
            let available = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                break;
            }
            any = true;
            let (take, done) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (available.len(), false),
            };
            // Room for the longest line and its line ending, no more.
            let room = (MAX_LINE_BYTES + 2).saturating_sub(self.buf.len());
            self.buf.extend_from_slice(&available[..take.min(room)]);
            too_long |= take > room;
            self.input.consume(take);
            if done {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.number += 1;
        let mut line = self.buf.as_slice();
        line = line.strip_suffix(b"\n").unwrap_or(line);
        line = line.strip_suffix(b"\r").unwrap_or(line);
        if self.number == 1 {
            // A byte-order mark, as some editors write at the start of a file.
            line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
        }
        if too_long || line.len() > MAX_LINE_BYTES {
            let e = InputError::Other(format!(
                "the line is longer than {MAX_LINE_BYTES} bytes, the limit of every --stdin"
            ));
            return Ok(Some((self.number, Err(e))));
        }
        let text = match std::str::from_utf8(line) {
            Ok(t) => Ok(t.to_string()),
            Err(e) => {
                let good = &line[..e.valid_up_to()];
                let column = String::from_utf8_lossy(good).chars().count() + 1;
                Err(InputError::Other(format!(
                    "not valid UTF-8 (byte 0x{:02x} at column {column})",
                    line[e.valid_up_to()]
                )))
            }
        };
        Ok(Some((self.number, text)))
    }
}

/// Whether a line is skipped: blank, or a `#` comment.
pub fn skipped(text: &str) -> bool {
    let text = text.trim();
    text.is_empty() || text.starts_with('#')
}

/// The output line standing in for a bad input line, so that every
/// `--stdin` prints exactly one line per input line: `error: MESSAGE`, or
/// with `--json` `{"error": MESSAGE}` followed by `echo`, the fields of the
/// input line that it echoes (`,"id":7`; empty for none).
pub fn error_line(message: &str, json: bool, echo: &str) -> String {
    match json {
        true => format!(
            "{{\"error\":{}{echo}}}",
            serde_json::to_string(message).expect("a string serializes")
        ),
        false => format!("error: {message}"),
    }
}

/// Answers bad line `n` with `message`: its [`error_line`] in the output,
/// in the line's place (so that outputs align with inputs), the answers so
/// far flushed first so that a terminal shows the error where the answer
/// would be, and one line on stderr naming the line's number.
pub fn reject_line(
    out: &mut impl Write,
    n: usize,
    message: &str,
    json: bool,
    echo: &str,
) -> io::Result<()> {
    let message = one_line(message);
    writeln!(out, "{}", error_line(&message, json, echo))?;
    out.flush()?;
    eprintln!("census24: line {n}: {message}");
    Ok(())
}

/// The end of a `--stdin` run after [`for_each_batch`] returned `read`:
/// every answer flushed, then a reading error, else an error counting the
/// `rejected` lines, if any.
pub fn finish(
    out: &mut impl Write,
    read: anyhow::Result<()>,
    rejected: usize,
) -> anyhow::Result<()> {
    out.flush()?;
    read?;
    if rejected > 0 {
        anyhow::bail!("{rejected} input line(s) rejected");
    }
    Ok(())
}

/// How long a batch waits for another line once input pauses: a program
/// that writes one line and waits for its answer gets it at once, while a
/// file or a busy pipe still fills whole batches.
pub const IDLE_FLUSH: Duration = Duration::from_millis(20);

/// The longest a batch waits after its first line, however slowly lines
/// keep coming: a slow producer still sees answers as it goes.
pub const MAX_WAIT: Duration = Duration::from_millis(250);

/// What the reading thread passes on.
enum Input {
    Line(NumberedLine),
    /// Reading failed after this many lines.
    Failed(io::Error, usize),
}

/// Reads `input` line by line and hands the lines that are not skipped to
/// `answer` in batches of at most `batch_size`, in input order. A batch is
/// handed over when it is full, when input pauses for [`IDLE_FLUSH`], or
/// [`MAX_WAIT`] after its first line, whichever comes first. Stops at the
/// end of the input, or at the first error of `answer`; if reading fails,
/// every line read before is answered first and the error names the last
/// line read.
pub fn for_each_batch(
    input: impl BufRead + Send + 'static,
    batch_size: usize,
    mut answer: impl FnMut(Vec<NumberedLine>) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    // The bounded channel keeps memory flat when answering is the slower
    // side. The thread is not joined: should answering stop (a closed
    // output), the process must not wait for a terminal that may never
    // send another line.
    let (tx, rx) = mpsc::sync_channel::<Input>(2 * batch_size);
    std::thread::spawn(move || {
        let mut lines = Lines::new(input);
        loop {
            let msg = match lines.next_line() {
                Ok(Some((_, Ok(text)))) if skipped(&text) => continue,
                Ok(Some(line)) => Input::Line(line),
                Ok(None) => return,
                Err(e) => Input::Failed(e, lines.number),
            };
            let failed = matches!(msg, Input::Failed(..));
            // The answering side has stopped (an error): stop too.
            if tx.send(msg).is_err() || failed {
                return;
            }
        }
    });
    let mut read_error = None;
    let mut open = true;
    while open && read_error.is_none() {
        let mut batch: Vec<NumberedLine> = Vec::with_capacity(batch_size.min(1 << 16));
        // The first line of a batch is waited for as long as it takes.
        match rx.recv() {
            Ok(Input::Line(line)) => batch.push(line),
            Ok(Input::Failed(e, n)) => read_error = Some((e, n)),
            Err(_) => open = false,
        }
        let deadline = Instant::now() + MAX_WAIT;
        while open && read_error.is_none() && !batch.is_empty() && batch.len() < batch_size {
            let wait = IDLE_FLUSH.min(deadline.saturating_duration_since(Instant::now()));
            match rx.recv_timeout(wait) {
                Ok(Input::Line(line)) => batch.push(line),
                Ok(Input::Failed(e, n)) => read_error = Some((e, n)),
                Err(mpsc::RecvTimeoutError::Timeout) => break,
                Err(mpsc::RecvTimeoutError::Disconnected) => open = false,
            }
        }
        if !batch.is_empty() {
            answer(batch)?;
        }
    }
    if let Some((e, n)) = read_error {
        return Err(anyhow::Error::new(e).context(format!("reading standard input after line {n}")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn lines(input: &[u8]) -> Vec<NumberedLine> {
        let mut got = Vec::new();
        for_each_batch(Cursor::new(input.to_vec()), 3, |b| {
            got.extend(b);
            Ok(())
        })
        .unwrap();
        got
    }

    #[test]
    fn a_byte_order_mark_blank_lines_and_comments_are_skipped() {
        let got = lines(b"\xEF\xBB\xBF3 3 8 8\n\n  # note\n1 2 3 4\r\n# end");
        let got: Vec<(usize, String)> = got.into_iter().map(|(n, t)| (n, t.unwrap())).collect();
        assert_eq!(got, vec![(1, "3 3 8 8".into()), (4, "1 2 3 4".into())]);
    }

    #[test]
    fn a_line_over_the_limit_is_that_lines_error_only() {
        let mut input = vec![b'1'; MAX_LINE_BYTES + 1];
        input.extend_from_slice(b"\n3 3 8 8\n");
        let got = lines(&input);
        assert_eq!(got.len(), 2);
        assert!(
            got[0]
                .1
                .as_ref()
                .unwrap_err()
                .to_string()
                .contains("65536 bytes")
        );
        assert_eq!(got[1], (2, Ok("3 3 8 8".to_string())));
        // A line of exactly the limit is read.
        let mut input = vec![b'1'; MAX_LINE_BYTES];
        input.push(b'\n');
        assert!(lines(&input)[0].1.is_ok());
    }
}
