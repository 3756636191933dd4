package org.morphdb.engine.catalog;

/**
 * Checks that text is one well-formed JSON value (RFC 8259): objects, arrays, strings with
 * their escapes, numbers, true, false, null, surrounded by optional white space. It builds
 * nothing: a JSON column keeps the text as written.
 */
final class JsonText {
  /** Deeper nesting than this is refused rather than risk the stack. */
  private static final int MAX_DEPTH = 512;

  private final String s;
  private int at;

  private JsonText(String s) {
    this.s = s;
  }

  static void check(String text) {
    JsonText p = new JsonText(text);
    p.space();
    p.value(0);
    p.space();
    if (p.at != text.length()) {
      throw p.error("unexpected text after the JSON value");
    }
  }

  private void value(int depth) {
    if (depth > MAX_DEPTH) {
      throw error("nested deeper than " + MAX_DEPTH);
    }
    char c = peek();
    switch (c) {
      case '{' -> object(depth);
      case '[' -> array(depth);
      case '"' -> string();
      case 't' -> word("true");
      case 'f' -> word("false");
      case 'n' -> word("null");
      default -> {
        if (c == '-' || (c >= '0' && c <= '9')) {
          number();
        } else {
          throw error("a JSON value expected");
        }
      }
    }
  }

  private void object(int depth) {
    at++;
    space();
    if (peek() == '}') {
      at++;
      return;
    }
    while (true) {
      space();
      if (peek() != '"') {
        throw error("a member name expected");
      }
      string();
      space();
      expect(':');
      space();
      value(depth + 1);
      space();
      if (peek() == ',') {
        at++;
      } else {
        expect('}');
        return;
      }
    }
  }

  private void array(int depth) {
    at++;
    space();
    if (peek() == ']') {
      at++;
      return;
    }
    while (true) {
      space();
      value(depth + 1);
      space();
      if (peek() == ',') {
        at++;
      } else {
        expect(']');
        return;
      }
    }
  }

  private void string() {
    at++;
    while (at < s.length()) {
      char c = s.charAt(at++);
      if (c == '"') {
        return;
      }
      if (c < 0x20) {
        throw error("a control character in a string");
      }
      if (c == '\\') {
        char e = at < s.length() ? s.charAt(at++) : 0;
        if (e == 'u') {
          for (int i = 0; i < 4; i++) {
            if (at >= s.length() || Character.digit(s.charAt(at++), 16) < 0) {
              throw error("a bad \\u escape");
            }
          }
        } else if ("\"\\/bfnrt".indexOf(e) < 0 || e == 0) {
          throw error("a bad escape");
        }
      }
    }
    throw error("an unterminated string");
  }

  private void number() {
    if (peek() == '-') {
      at++;
    }
    if (peek() == '0') {
      at++;
    } else {
      digits();
    }
    if (peek() == '.') {
      at++;
      digits();
    }
    if (peek() == 'e' || peek() == 'E') {
      at++;
      if (peek() == '+' || peek() == '-') {
        at++;
      }
      digits();
    }
  }

  private void digits() {
    int start = at;
    while (at < s.length() && s.charAt(at) >= '0' && s.charAt(at) <= '9') {
      at++;
    }
    if (at == start) {
      throw error("a digit expected");
    }
  }

  private void word(String w) {
    if (!s.startsWith(w, at)) {
      throw error("a JSON value expected");
    }
    at += w.length();
  }

  private void expect(char c) {
    if (peek() != c) {
      throw error("'" + c + "' expected");
    }
    at++;
  }

  private char peek() {
    return at < s.length() ? s.charAt(at) : 0;
  }

  private void space() {
    while (at < s.length() && " \t\r\n".indexOf(s.charAt(at)) >= 0) {
      at++;
    }
  }

  private InvalidValueException error(String what) {
    return new InvalidValueException("Not valid JSON (" + what + " at character " + (at + 1) + "): '"
        + TypedValues.abbreviate(s) + "'");
  }
}
