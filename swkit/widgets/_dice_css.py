"""The dice cup's style sheet (:class:`swkit.widgets.dice.DiceCup`): its look, apart from its
behaviour. Every colour pair meets WCAG 2.2 AA contrast (docs/DECISIONS.md, "Accessibility");
the shared rules (focus ring, live region, reflow) come from
:data:`swkit.widgets._base.WIDGET_CSS`."""

from swkit.widgets._base import WIDGET_CSS

DICE_CUP_CSS = """<style>
.swkit-dicecup { color:#1a1a1a; font-size:16px; }
.swkit-dicecup .widget-button, .swkit-dicecup .widget-toggle-button {
  font-size:15px; height:auto; min-height:34px; line-height:1.3; white-space:normal; }
.swkit-dicecup .swkit-die label.widget-label-basic,
.swkit-dicecup .swkit-hint label.widget-label-basic {
  display:flex; align-items:center; gap:4px; box-sizing:border-box; min-height:34px;
  padding:2px 6px; background:#ffffff; color:#1a1a1a; border:2px solid #1a1a1a;
  border-radius:6px; font-weight:bold; line-height:1.2; white-space:normal; cursor:pointer; }
.swkit-dicecup .swkit-die label.widget-label-basic { width:90px; font-size:12.5px;
  flex-direction:column; text-align:center; padding:3px 2px; overflow-wrap:anywhere; }
.swkit-dicecup .swkit-die input, .swkit-dicecup .swkit-hint input { width:20px; height:20px;
  margin:0; flex:none; accent-color:#1a1a1a; }
.swkit-dicecup .swkit-die label:has(input:checked),
.swkit-dicecup .swkit-hint label:has(input:checked) { background:#1a1a1a; color:#ffffff; }
.swkit-dicecup .swkit-die label:has(input:checked) input,
.swkit-dicecup .swkit-hint label:has(input:checked) input { accent-color:#ffffff; }
.swkit-dicecup .swkit-die label:has(input:disabled) { border-color:#767676; color:#595959;
  cursor:default; }
.swkit-dicecup label:has(input:focus-visible) { outline:3px solid #004d80; outline-offset:2px; }
.swkit-dicecup .swkit-roll { background:#004d80; color:#ffffff; font-weight:bold;
  font-size:17px; border-radius:6px; }
.swkit-dicecup .swkit-score { background:#ffffff; color:#1a1a1a; border:2px solid #1a1a1a;
  border-radius:6px; font-weight:bold; }
.swkit-dicecup .swkit-score.swkit-zero { border-style:dashed; }
.swkit-dicecup .swkit-log-box { max-height:11em; overflow:auto; border:1px solid #595959;
  padding:4px 8px; background:#fafafa; font-size:14px; line-height:1.35; }
.swkit-dicecup .swkit-hint-table .widget-html-content { line-height:1.4; }
.swkit-dicecup .swkit-hint-table table { border-collapse:collapse; font-size:14px; }
.swkit-dicecup .swkit-hint-table th, .swkit-dicecup .swkit-hint-table td {
  border-bottom:1px solid #bbbbbb; padding:2px 10px; text-align:left; }
.swkit-dicecup .swkit-hint-table .swkit-best { font-weight:bold; background:#fff3c4; }
.swkit-dicecup .swkit-hint-table .swkit-yours td:first-child { outline:3px solid #004d80; }
.swkit-dicecup .swkit-hint-table .swkit-about { color:#595959; }
.swkit-dicecup .swkit-hint-table .swkit-exact { white-space:nowrap; }
""" + WIDGET_CSS + "</style>"
"""The dice cup's ``<style>`` block, shown once at the top of the widget."""
