"""What the browser tests use to see Content-Security-Policy violations."""

# An init script: records every violation from the first byte of each page on,
# in window.__cspViolations.
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""
