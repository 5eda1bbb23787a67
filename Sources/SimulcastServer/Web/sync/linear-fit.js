// @ts-check
// Ordinary least squares (LinearFit.swift), for the clock's drift and the player's rate.

// Ordinary least squares of y on x (LinearFit.swift).
/** @param {import("../types/sync").Point[]} points */
function linearFit(points) {
  if (points.length === 0) return null;
  const n = points.length;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  let covariance = 0, variance = 0;
  for (const p of points) {
    covariance += (p.x - meanX) * (p.y - meanY);
    variance += (p.x - meanX) * (p.x - meanX);
  }
  return { count: n, meanX, meanY, varianceX: variance / n, slope: variance > 0 ? covariance / variance : null };
}

export { linearFit };
