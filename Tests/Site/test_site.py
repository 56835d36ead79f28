#!/usr/bin/env python3
"""The workbook's site in a real browser: Debian's Chromium, driven by Selenium through
Debian's chromium-driver.

Builds the site twice with `workbook site`: once with no results (nothing may say
"passed"), once with a planted results file in which one listing of chapter 12 fails at a
known line. Then, page by page: no console error, no request leaving file://, every internal
link and anchor resolving, headings in order, alt text on every picture, text contrast in
both themes; the planted failure at its line with its message; a quiz revealing the output
block's recorded text; the search finding a term of chapter 12. Screenshots of two chapters
in both themes go to $SITE_SCREENSHOTS (default .build/site-screenshots). Last, a real run:
`workbook site --run` on the engine's runner fixture, whose failing test must show as failed
at its line with the message XCTest gave.

Run: python3 Tests/Site/test_site.py  (or Tools/site-browser-test.sh)
"""

import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
import urllib.parse
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

ROOT = Path(__file__).resolve().parents[2]
WORKBOOK = os.environ.get("WORKBOOK", "")
SCREENSHOTS = Path(os.environ.get("SITE_SCREENSHOTS", ROOT / ".build" / "site-screenshots"))
PLANTED_MESSAGE = "planted failure: the browser test expects this message at its line"


def workbook(*arguments):
    command = [WORKBOOK] if WORKBOOK else ["swift", "run", "--quiet", "workbook"]
    subprocess.run(command + ["site", "--root", str(ROOT), *arguments], check=True, cwd=ROOT)


def digest(path):
    """FNV-1a, 64 bits, as RecordedResults.digest computes it."""
    value = 0xCBF29CE484222325
    for byte in path.read_bytes():
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return format(value, "x")


def chromium():
    """Debian's Chromium through Debian's chromium-driver, headless, logging the console and
    the network."""
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1280,900",
                     "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(options=options, service=service)


class Page(html.parser.HTMLParser):
    """The ids and links of one built page."""

    def __init__(self, text):
        super().__init__()
        self.ids, self.links, self.sources = set(), [], []
        self.feed(text)

    def handle_starttag(self, tag, attributes):
        attributes = dict(attributes)
        if "id" in attributes:
            self.ids.add(attributes["id"])
        if tag == "a" and "href" in attributes:
            self.links.append(attributes["href"])
        for name in ("src", "href"):
            if tag in ("script", "img", "link", "iframe", "source") and name in attributes:
                self.sources.append(attributes[name])


CONTRAST_SCRIPT = r"""
function parse(color) {
  const m = color.match(/rgba?\(([^)]+)\)/);
  if (!m) return null;
  const p = m[1].split(',').map(s => parseFloat(s));
  return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1};
}
function luminance(c) {
  const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
}
function background(element) {
  for (let e = element; e; e = e.parentElement) {
    const c = parse(getComputedStyle(e).backgroundColor);
    if (c && c.a > 0.5) return c;
  }
  return parse(getComputedStyle(document.documentElement).backgroundColor) || {r:255,g:255,b:255,a:1};
}
const failures = [];
let checked = 0;
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
const seen = new Set();
while (walker.nextNode()) {
  const node = walker.currentNode;
  if (!node.textContent.trim()) continue;
  const element = node.parentElement;
  if (!element || seen.has(element) || element.closest('svg, script, noscript')) continue;
  seen.add(element);
  const rect = element.getBoundingClientRect();
  const style = getComputedStyle(element);
  if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden') continue;
  if (element.closest('[hidden], details:not([open]) > :not(summary)')) continue;
  const fg = parse(style.color), bg = background(element);
  let opacity = 1;
  for (let e = element; e; e = e.parentElement) opacity *= parseFloat(getComputedStyle(e).opacity);
  const a = fg.a * opacity;
  const mixed = {r: fg.r * a + bg.r * (1 - a), g: fg.g * a + bg.g * (1 - a), b: fg.b * a + bg.b * (1 - a)};
  const l1 = luminance(mixed), l2 = luminance(bg);
  const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
  const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight) >= 700;
  const needed = (size >= 24 || (bold && size >= 18.66)) ? 3 : 4.5;
  checked++;
  if (ratio < needed) failures.push(`${ratio.toFixed(2)} < ${needed}: <${element.tagName.toLowerCase()} class="${element.className}"> ${node.textContent.trim().slice(0, 40)}`);
}
return {checked, failures: failures.slice(0, 10), count: failures.length};
"""


class SiteInBrowserTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.temporary = Path(tempfile.mkdtemp(prefix="workbook-site-test-"))
        cls.plain = cls.temporary / "plain"
        cls.site = cls.temporary / "site"
        workbook("--out", str(cls.plain), "--results", str(cls.temporary / "none.json"))
        cls.planted = cls.plant_failure()
        workbook("--out", str(cls.site), "--results", str(cls.temporary / "planted.json"))
        cls.driver = chromium()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        shutil.rmtree(cls.temporary, ignore_errors=True)

    @classmethod
    def plant_failure(cls):
        """A results file in which one test of chapter 12 fails at the second line of its
        listing (found in the site built with no results); the rest of 12 passes."""
        page = (cls.plain / "12-demand.html").read_text()
        listing = None
        for figure in page.split('<figure class="listing')[1:]:
            listing = re.match(
                r'[^"]*" id="listing-(\d+)".*?<span class="role">(Example|Test) (\w+)'
                r'.*?data-line="(\d+)".*?data-line="(\d+)"', figure, re.S)
            if listing:
                break
        assert listing, "chapter 12 has a listing with a test"
        test, line = listing.group(3), int(listing.group(5))
        chapter = ROOT / "Chapters" / "12-demand.md"
        results = {"chapters": [{
            "number": "12", "file": "Chapters/12-demand.md", "digest": digest(chapter),
            "implementation": "opencombine", "finished": "2026-11-26T18:00:00Z",
            "buildErrors": [],
            "tests": [{"name": test, "line": line, "outcome": "failed", "duration": 0.1,
                       "observations": [],
                       "failures": [{"file": "Chapters/12-demand.md", "line": line,
                                     "message": PLANTED_MESSAGE}]}]}]}
        (cls.temporary / "planted.json").write_text(json.dumps(results))
        return {"test": test, "line": line, "listing": int(listing.group(1))}

    def pages(self, folder):
        return sorted(p.name for p in folder.glob("*.html"))

    def open(self, folder, name, fragment=""):
        self.driver.get((folder / name).as_uri() + fragment)
        self.driver.get_log("browser")  # what the previous page logged is not this one's

    def test_no_run_means_no_pass(self):
        for name in self.pages(self.plain):
            text = (self.plain / name).read_text()
            self.assertNotIn("verdict-passed", text, name)
        self.assertIn("not run yet", (self.plain / "12-demand.html").read_text())

    def test_every_page_loads_with_no_console_error_and_no_request_off_disk(self):
        requests = []
        for name in self.pages(self.site):
            self.driver.get_log("performance")
            self.driver.get((self.site / name).as_uri())
            logs = self.driver.get_log("browser")
            errors = [entry for entry in logs if entry["level"] in ("SEVERE", "ERROR")]
            self.assertEqual(errors, [], name)
            for entry in self.driver.get_log("performance"):
                message = json.loads(entry["message"])["message"]
                if message["method"] == "Network.requestWillBeSent":
                    requests.append((name, message["params"]["request"]["url"]))
        self.assertTrue(requests, "the performance log records requests")
        off_disk = [(page, url) for page, url in requests
                    if not url.startswith(("file://", "data:", "about:"))]
        self.assertEqual(off_disk, [])
        for name in self.pages(self.site):
            for source in Page((self.site / name).read_text()).sources:
                self.assertNotRegex(source, r"^(https?:)?//", f"{name} loads {source}")

    def test_every_internal_link_and_anchor_resolves(self):
        pages = {name: Page((self.site / name).read_text()) for name in self.pages(self.site)}
        broken, checked = [], 0
        for name, page in pages.items():
            for link in page.links:
                parts = urllib.parse.urlsplit(link)
                if parts.scheme or link.startswith("//"):
                    continue
                target = parts.path or name
                checked += 1
                if target not in pages:
                    broken.append(f"{name}: {link} (no page)")
                elif parts.fragment and urllib.parse.unquote(parts.fragment) not in pages[target].ids:
                    broken.append(f"{name}: {link} (no anchor)")
        self.assertGreater(checked, 500)
        self.assertEqual(broken, [])

    def test_headings_in_order_and_alt_text_on_every_picture(self):
        for name in self.pages(self.site):
            self.open(self.site, name)
            levels = self.driver.execute_script(
                "return [...document.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6')]"
                ".map(h => parseInt(h.tagName[1]))")
            self.assertEqual(levels[:1], [1], name)
            self.assertEqual(levels.count(1), 1, name)
            for before, after in zip(levels, levels[1:]):
                self.assertLessEqual(after, before + 1, f"{name}: h{before} then h{after}")
            pictures = self.driver.execute_script(
                "return [...document.querySelectorAll('img')].map(i => i.getAttribute('alt') || '')"
                ".concat([...document.querySelectorAll('svg')].map(s =>"
                " (s.getAttribute('role') === 'img' && s.querySelector('title')) ? (s.getAttribute('aria-label') || '') : ''))")
            self.assertNotIn("", pictures, f"{name}: a picture with no alt text")
        self.open(self.site, "12-demand.html")
        self.assertGreater(len(self.driver.find_elements(By.CSS_SELECTOR, ".marble-picture svg")), 0)

    def test_text_contrast_in_both_themes(self):
        for name in ("index.html", "status.html", "search.html", "09-surprising-lifetimes.html",
                     "12-demand.html", "16-share-replay.html"):
            for theme in ("light", "dark"):
                self.open(self.site, name)
                self.driver.execute_script(
                    "document.documentElement.setAttribute('data-theme', arguments[0])", theme)
                result = self.driver.execute_script(CONTRAST_SCRIPT)
                self.assertGreater(result["checked"], 20, name)
                self.assertEqual(result["failures"], [], f"{name} ({theme}): {result['count']} low")

    def test_the_planted_failure_shows_at_its_line_with_its_message(self):
        line = self.planted["line"]
        self.open(self.site, "12-demand.html", f"#L{line}")
        code_line = self.driver.find_element(By.ID, f"L{line}")
        note = code_line.find_element(By.XPATH, "following-sibling::*[1]")
        self.assertIn("note-failure", note.get_attribute("class"))
        self.assertIn(PLANTED_MESSAGE, note.text)
        self.assertTrue(note.is_displayed())
        listing = self.driver.find_element(By.ID, f"listing-{self.planted['listing']}")
        self.assertEqual(listing.get_attribute("data-status"), "failed")
        self.assertIn("failed", listing.find_element(By.CSS_SELECTOR, ".verdict").text)
        self.assertIn("1 failed", self.driver.find_element(By.CSS_SELECTOR, ".chapter-summary").text)
        self.open(self.site, "status.html")
        self.assertIn("OpenCombine", self.driver.find_element(By.TAG_NAME, "main").text)

    def test_a_quiz_reveals_the_recorded_answer(self):
        quizzes = 0
        for name in self.pages(self.site):
            if 'class="quiz' not in (self.site / name).read_text():
                continue
            self.open(self.site, name)
            markdown = (ROOT / "Chapters" / name.replace(".html", ".md")).read_text().split("\n")
            for quiz in self.driver.find_elements(By.CSS_SELECTOR, "section.quiz"):
                quizzes += 1
                fence = int(quiz.get_attribute("data-line"))
                opening = markdown[fence - 1]
                marker = re.match(r"\s*(`{3,}|~{3,})", opening).group(1)
                body = []
                for text in markdown[fence:]:
                    if text.strip().startswith(marker):
                        break
                    body.append(text)
                answer = quiz.find_element(By.CSS_SELECTOR, "pre.quiz-recorded")
                self.assertFalse(answer.is_displayed(), f"{name}:{fence}: shown before asked")
                self.driver.execute_script("arguments[0].scrollIntoView()", quiz)
                quiz.find_element(By.CSS_SELECTOR, "summary").click()
                self.assertTrue(answer.is_displayed())
                shown = self.driver.execute_script("return arguments[0].textContent", answer)
                self.assertEqual(shown, "\n".join(body) + "\n", f"{name}:{fence}")
        self.assertGreaterEqual(quizzes, 2)

    def test_search_finds_a_term_of_chapter_12(self):
        self.open(self.site, "index.html")
        field = self.driver.find_element(By.ID, "search-input")
        field.send_keys("increaseDemand")
        links = self.driver.find_elements(By.CSS_SELECTOR, "#search-results a")
        self.assertTrue(any("12-demand.html" in link.get_attribute("href") for link in links))
        self.assertTrue(self.driver.find_element(By.ID, "search-results").is_displayed())
        self.driver.get((self.site / "search.html").as_uri() + "?q=increaseDemand")
        links = self.driver.find_elements(By.CSS_SELECTOR, "#search-page-results a")
        target = next(link for link in links if "12-demand.html" in link.get_attribute("href"))
        target.click()
        self.assertTrue(self.driver.current_url.split("#")[0].endswith("12-demand.html"))

    def test_the_theme_toggle_and_screenshots_of_two_chapters(self):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        for name in ("12-demand.html", "09-surprising-lifetimes.html"):
            for theme in ("light", "dark"):
                self.open(self.site, name)
                toggle = self.driver.find_element(By.ID, "theme-toggle")
                self.assertTrue(toggle.is_displayed())
                current = self.driver.execute_script(
                    "return document.documentElement.getAttribute('data-theme') || "
                    "(matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')")
                if current != theme:
                    toggle.click()
                self.assertEqual(
                    self.driver.execute_script(
                        "return document.documentElement.getAttribute('data-theme') || 'light'"),
                    theme)
                background = self.driver.execute_script(
                    "return getComputedStyle(document.body).backgroundColor")
                self.assertEqual(background == "rgb(13, 17, 23)", theme == "dark")
                if name == "12-demand.html":
                    self.driver.execute_script(
                        "document.getElementById(arguments[0]).scrollIntoView()",
                        f"listing-{self.planted['listing']}")
                else:
                    quiz = self.driver.find_element(By.CSS_SELECTOR, "section.quiz")
                    quiz.find_element(By.CSS_SELECTOR, "summary").click()
                    self.driver.execute_script("arguments[0].scrollIntoView()", quiz)
                self.driver.save_screenshot(str(SCREENSHOTS / f"{name[:-5]}-{theme}.png"))
        self.driver.execute_script("localStorage.removeItem('workbook-theme')")

    def test_the_systems_dark_scheme_applies_with_no_choice_made(self):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        try:
            self.open(self.site, "12-demand.html")
            self.driver.execute_script("localStorage.removeItem('workbook-theme')")
            self.driver.refresh()
            self.assertIsNone(self.driver.execute_script(
                "return document.documentElement.getAttribute('data-theme')"))
            self.assertEqual(self.driver.execute_script(
                "return getComputedStyle(document.body).backgroundColor"), "rgb(13, 17, 23)")
            self.assertEqual(
                self.driver.find_element(By.ID, "theme-toggle").text, "Light theme")
        finally:
            self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


class RealRunTests(unittest.TestCase):
    """`workbook site --run` on a small workbook with a failing test (the engine's runner
    fixture, chapters 01 and 11): the verdicts come from a real run, recorded by
    `workbook test`'s hook, never planted."""

    @classmethod
    def setUpClass(cls):
        cls.temporary = Path(tempfile.mkdtemp(prefix="workbook-site-run-"))
        cls.root = cls.temporary / "workbook"
        fixture = ROOT / "Tests" / "WorkbookEngineTests" / "Fixtures" / "runner"
        shutil.copytree(fixture, cls.root)
        for chapter in (cls.root / "Chapters").glob("*.md"):
            if chapter.name not in ("01-passing.md", "11-also-fails.md"):
                chapter.unlink()
        for module in ("WorkbookRuntime", "OutputMatching", "WorkbookContract"):
            shutil.copytree(ROOT / "Sources" / module, cls.root / "Sources" / module)
        command = [WORKBOOK] if WORKBOOK else ["swift", "run", "--quiet", "workbook"]
        cls.outcome = subprocess.run(
            command + ["site", "--run", "--root", str(cls.root), "--out",
                       str(cls.temporary / "site")],
            cwd=ROOT, capture_output=True, text=True, timeout=1200)
        cls.site = cls.temporary / "site"
        cls.driver = chromium()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        shutil.rmtree(cls.temporary, ignore_errors=True)

    def test_a_failing_test_shows_as_failed_at_its_line_and_a_passing_one_as_passed(self):
        self.assertEqual(self.outcome.returncode, 1, self.outcome.stdout + self.outcome.stderr)
        self.assertIn("2 passed, 1 failed", self.outcome.stdout)
        lines = (self.root / "Chapters" / "11-also-fails.md").read_text().split("\n")
        line = next(n for n, text in enumerate(lines, 1) if 'XCTAssertEqual(1, 2' in text)
        self.driver.get((self.site / "11-also-fails.html").as_uri())
        self.assertEqual(self.driver.get_log("browser"), [])
        code_line = self.driver.find_element(By.ID, f"L{line}")
        note = code_line.find_element(By.XPATH, "following-sibling::*[1]")
        self.assertIn("note-failure", note.get_attribute("class"))
        self.assertIn("an unrelated failure", note.text)
        listing = code_line.find_element(By.XPATH, "ancestor::figure")
        self.assertEqual(listing.get_attribute("data-status"), "failed")
        self.driver.get((self.site / "01-passing.html").as_uri())
        statuses = [figure.get_attribute("data-status") for figure in
                    self.driver.find_elements(By.CSS_SELECTOR, "figure.listing")]
        self.assertEqual(statuses, ["passed", "passed"])
        self.assertNotIn("failed", self.driver.find_element(By.CSS_SELECTOR, ".chapter-summary").text)


if __name__ == "__main__":
    unittest.main(verbosity=2)
