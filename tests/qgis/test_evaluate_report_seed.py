"""roadmetrics:evaluate's report says the seed each sampled metric ran with
(core.analysis.evaluate.seed_used), a metric's own SEED in PARAMETERS too,
and its map draws missing ground truth as lines (issue 32 item 11)."""
import json
import re

from conftest import GT_SAMPLE, PRED_SAMPLE


def _read(path):
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def test_report_seed_row_and_line_diagnostics(run_alg, tmp_path):
    from core import registry
    ids = [s.id for s in registry.picker_specs()]
    report = str(tmp_path / "report.html")
    r = run_alg("roadmetrics:evaluate", {
        "GROUND_TRUTH": GT_SAMPLE, "PREDICTION": PRED_SAMPLE, "REPORT": report,
        "METRICS": [ids.index("ccq"), ids.index("tlts"), ids.index("subg")],
        "PARAMETERS": '{"tlts": {"SEED": 3}}'})
    results = json.loads(r["SCORES"])["results"]
    assert results["tlts"]["parameters"]["SEED"] == 3 and results["subg"]["parameters"]["SEED"] == 0
    text = _read(report)
    # the seed row said 0 (the SEED parameter) though TLTS ran with 3
    assert re.findall(r"<tr><th>SEED</th><td>([^<]*)</td></tr>", text) == ["3 (tlts); 0 (subg)"]
    section = text[text.index("<h2>Map</h2>"):text.index("<h2>Warnings</h2>")]
    assert "Diagnostics of CCQ" in section and "<g fill='none' stroke='#d7191c'" in section
