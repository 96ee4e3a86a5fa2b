#!/usr/bin/env python3
"""Every section (§x.y) and quirk (Qn) reference in the code and docs resolves inside the repository.

check-doc-refs.py [REPO]   (exit 1 listing each dangling reference)

A reference "name.md §x.y" points into docs/name.md; a bare "§x.y" points into the document named
earlier on its line, else (in docs/) its own document, else docs/format-and-estimate.md for the
GGUF reader and estimator (core/gguf, their tests and data), else docs/scheduler-rules.md. "§x.y" resolves to a
heading "x.y", or below the deepest heading it starts with, to the numbered items that follow
("§3.1.7.5": item 7 of §3.1, its sub-item 5; "6.1 **Trace keys**" paragraphs count as items).
"Qn" resolves to the row "| Qn |" of the quirk table in docs/scheduler-rules.md.
"""
import os
import re
import sys

SCAN_DIRS = ("core", "ui", "wasm", "examples", "tests", "docs", "scripts", "README.md")
SKIP_DIRS = {"third_party", "node_modules", "build", ".git"}
TEXT_EXT = {".cpp", ".h", ".js", ".mjs", ".py", ".md", ".sh", ".txt", ".html", ".cmake", ".json", ""}
DEFAULT_DOC = "scheduler-rules.md"
GGUF_DOC = "format-and-estimate.md"
GGUF_PATHS = ("core/gguf/", "tests/unit/gguf/", "tests/data/gguf/", "tests/gguf_", "tests/bench/gguf_",
              "examples/placement/gguf_")

REF = re.compile(r"(?:\b([A-Za-z0-9_-]+\.md)\)?[,:]?\s*)?§\s?(\d+(?:\.\d+)*)")
DOC_NAME = re.compile(r"\b([A-Za-z0-9_-]+\.md)\b")
NAMED_REF = re.compile(r"§\s?[A-Za-z]{2,}\w*")  # "§scorers": sections are cited by number
QUIRK = re.compile(r"(?<![A-Za-z0-9_])Q(\d+)(?![A-Za-z0-9_])")


class Doc:
    def __init__(self, path):
        self.lines = open(path, encoding="utf-8").read().split("\n")
        self.headings = {}  # "3.1" -> line index
        for i, line in enumerate(self.lines):
            m = re.match(r"#+\s+(\d+(?:\.\d+)*)\.?\s", line)
            if m:
                self.headings.setdefault(m.group(1), i)
        self.quirks = {m.group(1) for line in self.lines for m in [re.match(r"\|\s*Q(\d+)\s*\|", line)] if m}

    def section_end(self, start):
        level = len(re.match(r"#+", self.lines[start]).group(0))
        for i in range(start + 1, len(self.lines)):
            m = re.match(r"#+", self.lines[i])
            if m and len(m.group(0)) <= level:
                return i
        return len(self.lines)

    def resolves(self, number):
        parts = number.split(".")
        for n in range(len(parts), 0, -1):
            key = ".".join(parts[:n])
            if key in self.headings:
                start = self.headings[key]
                return self.items_resolve(start + 1, self.section_end(start), parts[n:], key)
        return False

    def items_resolve(self, lo, hi, rest, prefix):
        indent = 0
        for depth, item in enumerate(rest):
            # "7. text", "   5. text", "1. x. 2. y" (several on one line), or "6.1 **Name**".
            dotted = prefix + "." + item if depth == 0 else None
            found = None
            for i in range(lo, hi):
                line = self.lines[i]
                stripped = line.lstrip()
                ind = len(line) - len(stripped)
                if depth > 0 and ind <= indent and re.match(r"\d+\.\s", stripped) and i > lo:
                    break
                if (ind >= indent and re.match(re.escape(item) + r"\.\s", stripped)) or \
                   (depth == 0 and re.search(r"(^|\s)" + re.escape(item) + r"\.\s", stripped)) or \
                   (dotted and stripped.startswith(dotted + " ")):
                    found = i
                    indent = ind + 1
                    break
            if found is None:
                return False
            lo = found + 1
            if depth == 0:
                hi = next((j for j in range(lo, hi) if re.match(r"\d+\.\s", self.lines[j])), hi)
        return True


def files_to_scan(repo):
    for top in SCAN_DIRS:
        if os.path.isfile(os.path.join(repo, top)):
            yield os.path.join(repo, top)
            continue
        for root, dirs, files in os.walk(os.path.join(repo, top)):
            dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
            for f in sorted(files):
                if os.path.splitext(f)[1] in TEXT_EXT:
                    yield os.path.join(root, f)


def main():
    repo = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
    docs = {}

    def doc(name):
        if name not in docs:
            path = os.path.join(repo, "docs", name)
            docs[name] = Doc(path) if os.path.exists(path) else None
        return docs[name]

    problems, sections, quirks = [], 0, 0
    for path in files_to_scan(repo):
        rel = os.path.relpath(path, repo)
        if rel == "scripts/check-doc-refs.py":  # its examples are not references
            continue
        try:
            text = open(path, encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue
        if rel.startswith("docs/"):
            default = rel[len("docs/"):]
        else:
            default = GGUF_DOC if rel.startswith(GGUF_PATHS) else DEFAULT_DOC
        for lineno, line in enumerate(text.split("\n"), 1):
            for m in REF.finditer(line):
                name = m.group(1)
                if not name:
                    earlier = [d for d in DOC_NAME.findall(line[: m.start()]) if doc(d)]
                    name = earlier[-1] if earlier else default
                sections += 1
                d = doc(name)
                if d is None:
                    problems.append(f"{rel}:{lineno}: §{m.group(2)} cites {name}, which is not in docs/")
                elif not d.resolves(m.group(2)):
                    problems.append(f"{rel}:{lineno}: §{m.group(2)} is not a section of docs/{name}")
            for m in NAMED_REF.finditer(line):
                sections += 1
                problems.append(f"{rel}:{lineno}: {m.group(0)} names no numbered section")
            for m in QUIRK.finditer(line):
                quirks += 1
                if m.group(1) not in doc(DEFAULT_DOC).quirks:
                    problems.append(f"{rel}:{lineno}: Q{m.group(1)} is not a row of the quirk table (docs/{DEFAULT_DOC} §6.8)")
    for p in problems:
        print(p)
    print(f"{sections} section and {quirks} quirk references checked, {len(problems)} dangling")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
