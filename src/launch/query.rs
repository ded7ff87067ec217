//! The browser's stand-in for a command line: `?play&position=h8i9&stones=Flat` reads as
//! `--play --position h8i9 --stones Flat`. Plain Rust, so it is tested natively.

/// Decodes `+` and `%XX` escapes; a broken escape is kept as written.
fn decode(s: &str) -> String {
    let s = s.replace('+', " ");
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = (bytes[i] == b'%')
            .then(|| s.get(i + 1..i + 3))
            .flatten()
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match hex {
            Some(b) => {
                out.push(b);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The arguments a query string (with or without its `?`) stands for.
pub fn args_from_query(query: &str) -> Vec<String> {
    let mut args = Vec::new();
    for pair in query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
    {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        args.push(format!("--{}", decode(key)));
        if !value.is_empty() {
            args.push(decode(value));
        }
    }
    args
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::launch::LaunchOptions;

    #[test]
    fn query_strings_read_as_arguments() {
        let args = args_from_query("?play&position=h8i9&stones=Jade+%26+Onyx");
        assert_eq!(
            args,
            ["--play", "--position", "h8i9", "--stones", "Jade & Onyx"]
        );
        let o = LaunchOptions::parse(args).unwrap().unwrap();
        assert!(o.play && o.straight_to_game());
        assert_eq!(o.stones.as_deref(), Some("Jade & Onyx"));
        assert!(args_from_query("").is_empty());
        assert_eq!(args_from_query("?x=%zz"), ["--x", "%zz"]);
    }

    #[test]
    fn a_trailing_percent_is_kept() {
        assert_eq!(args_from_query("position=h8%"), ["--position", "h8%"]);
        assert_eq!(args_from_query("a=%4"), ["--a", "%4"]);
    }
}
