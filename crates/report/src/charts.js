// The charts of a barrage page made interactive (see docs/report.md,
// "Interactive charts"). Plain JavaScript, no libraries, no network, added
// once per page: every chart (a `figure svg`) is wired by event delegation.
//
// - Hovering (or touching) a point, or coming within 12 px of one, or
//   focusing it, shows a tooltip with its series, x and value: the point's
//   data-x and data-value, written by barrage.
// - Clicking a legend entry, or Enter or Space on it, hides its series
//   (its line and markers, its name at the line's end) and the series that
//   belong to it (data-of: `NAME errors`, `NAME capacity`); again shows
//   them. The entry's aria-pressed says whether its series is shown.
// - Each chart is one tab stop for its points: the arrow keys move along a
//   series (left, right, Home, End) and across series (up, down); Escape
//   hides the tooltip.
(function () {
  "use strict";
  var doc = document;
  var NEAR = 12;
  var tip = doc.createElement("div");
  tip.className = "chart-tip";
  tip.id = "chart-tip";
  tip.setAttribute("role", "tooltip");
  tip.hidden = true;
  doc.body.appendChild(tip);
  var current = null;

  function chartOf(el) {
    return el instanceof Element ? el.closest("figure svg") : null;
  }
  function pointOf(el) {
    var p = el instanceof Element ? el.closest("[data-value]") : null;
    return p && chartOf(p) ? p : null;
  }
  function visible(p) {
    return !p.closest(".off");
  }
  function points(root) {
    return Array.prototype.filter.call(root.querySelectorAll("[data-value]"), visible);
  }

  function line(text, className) {
    var d = doc.createElement("div");
    d.className = className;
    d.textContent = text;
    return d;
  }
  function show(p) {
    // The point's own <title> would show too: it becomes its label.
    var title = p.querySelector("title");
    if (title) {
      p.setAttribute("aria-label", title.textContent);
      title.remove();
    }
    var series = p.closest("[data-series]");
    var name = line(series ? series.getAttribute("data-series") : "", "name");
    var key = doc.createElement("span");
    key.className = "key";
    key.style.backgroundColor = series ? series.getAttribute("data-colour") : "";
    name.insertBefore(key, name.firstChild);
    tip.textContent = "";
    tip.appendChild(name);
    tip.appendChild(line(p.getAttribute("data-x"), "x"));
    tip.appendChild(line(p.getAttribute("data-value"), "value"));
    tip.hidden = false;
    if (current) {
      current.classList.remove("active");
    }
    current = p;
    p.classList.add("active");
    place(p);
  }
  function place(p) {
    var r = p.getBoundingClientRect();
    var w = tip.offsetWidth;
    var h = tip.offsetHeight;
    var room = doc.documentElement.clientWidth;
    var x = r.right + 10;
    if (x + w > room - 4) {
      x = Math.max(4, r.left - 10 - w);
    }
    var y = r.top - h - 6;
    if (y < 4) {
      y = r.bottom + 6;
    }
    tip.style.left = x + window.scrollX + "px";
    tip.style.top = y + window.scrollY + "px";
  }
  function hide() {
    tip.hidden = true;
    if (current) {
      current.classList.remove("active");
      current = null;
    }
  }

  // The visible marker nearest (x, y) within NEAR px, if any.
  function nearest(svg, x, y) {
    var best = null;
    var least = NEAR * NEAR;
    var all = svg.querySelectorAll(".series .marker[data-value]");
    for (var i = 0; i < all.length; i++) {
      var r = all[i].getBoundingClientRect();
      var dx = (r.left + r.right) / 2 - x;
      var dy = (r.top + r.bottom) / 2 - y;
      var d = dx * dx + dy * dy;
      if (d < least && visible(all[i])) {
        least = d;
        best = all[i];
      }
    }
    return best;
  }
  function pointer(e) {
    var p = pointOf(e.target);
    if (!p) {
      var svg = chartOf(e.target);
      p = svg ? nearest(svg, e.clientX, e.clientY) : null;
    }
    if (p) {
      if (p !== current) {
        show(p);
      }
    } else if (current && current !== doc.activeElement) {
      hide();
    }
  }

  // One tab stop per chart for its points: its first visible point.
  function rehome(svg) {
    var all = svg.querySelectorAll("[data-value]");
    var first = true;
    for (var i = 0; i < all.length; i++) {
      var on = first && visible(all[i]);
      all[i].setAttribute("tabindex", on ? "0" : "-1");
      first = first && !on;
    }
  }
  function step(p, key) {
    var series = p.closest(".series");
    var own = points(series);
    var i = own.indexOf(p);
    switch (key) {
      case "ArrowRight":
        return own[i + 1];
      case "ArrowLeft":
        return own[i - 1];
      case "Home":
        return own[0];
      case "End":
        return own[own.length - 1];
      case "ArrowDown":
      case "ArrowUp": {
        var all = Array.prototype.filter.call(
          chartOf(p).querySelectorAll(".series"),
          function (g) {
            return points(g).length > 0;
          }
        );
        var other = all[all.indexOf(series) + (key === "ArrowDown" ? 1 : -1)];
        if (!other) {
          return null;
        }
        var theirs = points(other);
        return theirs[Math.min(i, theirs.length - 1)];
      }
    }
    return null;
  }

  function toggle(entry) {
    var svg = chartOf(entry);
    var name = entry.getAttribute("data-series");
    var hiding = entry.getAttribute("aria-pressed") !== "false";
    var names = [name];
    svg.querySelectorAll(".legend-entry").forEach(function (e) {
      if (e.getAttribute("data-of") === name) {
        names.push(e.getAttribute("data-series"));
      }
    });
    svg.querySelectorAll("[data-series]").forEach(function (el) {
      if (names.indexOf(el.getAttribute("data-series")) === -1) {
        return;
      }
      el.classList.toggle("off", hiding);
      if (el.classList.contains("legend-entry")) {
        el.setAttribute("aria-pressed", hiding ? "false" : "true");
      }
    });
    if (current && !visible(current)) {
      hide();
    }
    rehome(svg);
  }

  doc.querySelectorAll("figure svg").forEach(rehome);
  doc.addEventListener("pointerover", pointer);
  doc.addEventListener("pointermove", pointer);
  doc.addEventListener("focusin", function (e) {
    var p = pointOf(e.target);
    if (p) {
      show(p);
    }
  });
  doc.addEventListener("focusout", function (e) {
    if (e.target === current) {
      hide();
    }
  });
  doc.addEventListener("click", function (e) {
    var entry = e.target instanceof Element ? e.target.closest(".legend-entry") : null;
    if (entry && chartOf(entry)) {
      toggle(entry);
    }
  });
  doc.addEventListener("keydown", function (e) {
    var t = e.target;
    if (!(t instanceof Element)) {
      return;
    }
    var entry = t.closest(".legend-entry");
    if (entry && chartOf(entry) && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      toggle(entry);
      return;
    }
    var p = pointOf(t);
    if (!p) {
      return;
    }
    if (e.key === "Escape") {
      hide();
      return;
    }
    var next = step(p, e.key);
    if (next) {
      e.preventDefault();
      p.setAttribute("tabindex", "-1");
      next.setAttribute("tabindex", "0");
      next.focus();
    }
  });
  window.addEventListener("resize", function () {
    if (current) {
      place(current);
    }
  });
  // On paper the charts are as shown, without a tooltip or a marked point.
  window.addEventListener("beforeprint", hide);
})();
