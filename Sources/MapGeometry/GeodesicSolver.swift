// The inverse geodesic problem, after C. F. F. Karney, "Algorithms for geodesics",
// J. Geodesy 87, 43–55 (2013), doi:10.1007/s00190-012-0578-z; section and equation numbers
// refer to that paper. See Geodesic.swift for the overview and the notation.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - Solver

/// The ellipsoid's derived constants, and the inverse problem.
struct GeodesicSolver {
    // Tolerances, as in the paper's reference implementation: convergence at machine
    // precision, and √ε for switching between exact and approximate branches.
    static let tiny = Double.leastNormalMagnitude.squareRoot()
    static let tol0 = Double.ulpOfOne
    static let tol1 = 200 * tol0
    static let tol2 = tol0.squareRoot()
    static let tolBisection = tol0
    static let xThreshold = 1000 * tol2
    /// Newton steps before falling back to bisection, and the overall cap (enough bisections
    /// to exhaust the mantissa).
    static let newtonIterations = 20
    static let maxIterations = newtonIterations + Double.significandBitCount + 11

    let a: Double  // equatorial radius
    let f: Double  // flattening
    let f1: Double  // 1 − f = b/a
    let e2: Double  // e², first eccentricity squared
    let ep2: Double  // e′², second eccentricity squared
    let n: Double  // third flattening
    let b: Double  // polar radius
    /// Threshold on sin σ₁₂ below which the short-line closed form is already exact to
    /// rounding (a scaled version of √ε, see the paper's section 5).
    let shortLineLimit: Double
    let longitudeSeries: LongitudeSeries

    init(_ ellipsoid: Ellipsoid) {
        a = ellipsoid.equatorialRadius
        f = ellipsoid.flattening
        f1 = 1 - f
        e2 = f * (2 - f)
        ep2 = e2 / (f1 * f1)
        n = f / (2 - f)
        b = a * f1
        shortLineLimit =
            0.1 * Self.tol2 / (max(0.001, abs(f)) * min(1.0, 1 - f / 2) / 2).squareRoot()
        longitudeSeries = LongitudeSeries(thirdFlattening: n)
    }

    /// sin β and cos β of the reduced latitude β, tan β = (1 − f) tan φ; cos β is kept at least
    /// `tiny` so that a pole behaves as the limit approaching it along its meridian.
    func reducedLatitude(_ latitude: Double) -> (sin: Double, cos: Double) {
        let (s, c) = DegreeMath.sinCos(latitude)
        let (sb, cb) = DegreeMath.unit(f1 * s, c)
        return (sb, max(Self.tiny, cb))
    }

    /// Distance (in units of b) and reduced length (in units of b) along the arc σ₁ → σ₂ of a
    /// geodesic with parameter ε (eqs. 7, 38–41), plus m₀ = A₁ − A₂.
    func lengths(
        eps: Double, sig12: Double, ssig1: Double, csig1: Double, dn1: Double,
        ssig2: Double, csig2: Double, dn2: Double
    ) -> (s12b: Double, m12b: Double, m0: Double) {
        let a1m1 = GeodesicSeries.a1MinusOne(eps)
        let a2m1 = GeodesicSeries.a2MinusOne(eps)
        let c1 = GeodesicSeries.c1(eps)
        let c2 = GeodesicSeries.c2(eps)
        let b1 = c1.sum(sin: ssig2, cos: csig2) - c1.sum(sin: ssig1, cos: csig1)
        let b2 = c2.sum(sin: ssig2, cos: csig2) - c2.sum(sin: ssig1, cos: csig1)
        let m0 = a1m1 - a2m1
        let s12b = (1 + a1m1) * (sig12 + b1)
        // J₁₂ = I₁ − I₂ over the arc, assembled from the "−1" forms so the leading terms cancel
        // exactly rather than numerically.
        let j12 = m0 * sig12 + ((1 + a1m1) * b1 - (1 + a2m1) * b2)
        let m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        return (s12b, m12b, m0)
    }

    struct InverseResult {
        var distance: Double
        var salp1: Double, calp1: Double, salp2: Double, calp2: Double
    }

    /// Solves the inverse problem for latitudes and longitudes in degrees.
    func inverse(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> InverseResult {
        // Reduce to a canonical configuration by symmetry: 0 ≤ λ₁₂ ≤ 180°, φ₁ ≤ 0 and
        // |φ₂| ≤ |φ₁|. The signs are put back at the end.
        var (lon12, lon12Error) = DegreeMath.difference(lon1, lon2)
        var lonSign = Double(signOf: lon12, magnitudeOf: 1)
        lon12 *= lonSign
        lon12Error *= lonSign
        let lam12 = lon12 * DegreeMath.radiansPerDegree
        let (slam12, clam12) = DegreeMath.sinCos(lon12, plus: lon12Error)
        let lon12Supplement = (180 - lon12) - lon12Error  // 180° − λ₁₂, accurately

        var phi1 = DegreeMath.rounded(DegreeMath.checkedLatitude(lat1))
        var phi2 = DegreeMath.rounded(DegreeMath.checkedLatitude(lat2))
        let swapped = abs(phi1) < abs(phi2) || phi2.isNaN
        if swapped {
            lonSign = -lonSign
            swap(&phi1, &phi2)
        }
        let latSign = Double(signOf: -phi1, magnitudeOf: 1)
        phi1 *= latSign
        phi2 *= latSign

        let (sbet1, cbet1) = reducedLatitude(phi1)
        var (sbet2, cbet2) = reducedLatitude(phi2)
        // If |β₂| equals |β₁| up to rounding, make it exactly equal, so that the differences
        // formed below vanish exactly for symmetric configurations.
        if cbet1 < -sbet1 {
            if cbet2 == cbet1 { sbet2 = Double(signOf: sbet2, magnitudeOf: sbet1) }
        } else if abs(sbet2) == -sbet1 {
            cbet2 = cbet1
        }
        let dn1 = (1 + ep2 * sbet1 * sbet1).squareRoot()
        let dn2 = (1 + ep2 * sbet2 * sbet2).squareRoot()

        var distance = Double.nan
        var salp1 = 0.0, calp1 = 0.0, salp2 = 0.0, calp2 = 0.0

        // Case 1: both points on one meridian (or the first at a pole). The meridian is the
        // geodesic; it is the shortest one unless conjugate points intervene (only possible on
        // a prolate ellipsoid), which a negative reduced length reveals.
        var meridian = phi1 == -90 || slam12 == 0
        if meridian {
            calp1 = clam12
            salp1 = slam12
            calp2 = 1
            salp2 = 0
            let ssig1 = sbet1, csig1 = calp1 * cbet1
            let ssig2 = sbet2, csig2 = calp2 * cbet2
            var sig12 = atan2(
                max(0, csig1 * ssig2 - ssig1 * csig2) + 0, csig1 * csig2 + ssig1 * ssig2)
            let l = lengths(
                eps: n, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1,
                ssig2: ssig2, csig2: csig2, dn2: dn2)
            var s12b = l.s12b
            if sig12 < Self.tol2 || l.m12b >= 0 {
                // Coincident points can come out as a tiny negative distance: clamp to zero.
                if sig12 < 3 * Self.tiny || (sig12 < Self.tol0 && (s12b < 0 || l.m12b < 0)) {
                    sig12 = 0
                    s12b = 0
                }
                distance = s12b * b
            } else {
                meridian = false
            }
        }

        if !meridian && sbet1 == 0 && (f <= 0 || lon12Supplement >= f * 180) {
            // Case 2: both points on the equator, close enough in longitude that the equator is
            // the shortest path (on an oblate ellipsoid, beyond 180°(1 − f) a geodesic over
            // the poles is shorter).
            calp1 = 0
            calp2 = 0
            salp1 = 1
            salp2 = 1
            distance = a * lam12
        } else if !meridian {
            // Case 3: the general case.
            let start = inverseStart(
                sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, dn2: dn2,
                lam12: lam12, slam12: slam12, clam12: clam12)
            if start.sig12 >= 0 {
                // Short line: the closed form on a sphere of the mid-latitude radius is already
                // exact to rounding.
                distance = start.sig12 * b * start.dnm
                salp1 = start.salp1
                calp1 = start.calp1
                salp2 = start.salp2
                calp2 = start.calp2
            } else {
                (salp1, calp1) = (start.salp1, start.calp1)
                let solution = solveAzimuth(
                    sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, dn2: dn2,
                    slam12: slam12, clam12: clam12, salp1: &salp1, calp1: &calp1)
                salp2 = solution.salp2
                calp2 = solution.calp2
                let l = lengths(
                    eps: solution.eps, sig12: solution.sig12,
                    ssig1: solution.ssig1, csig1: solution.csig1, dn1: dn1,
                    ssig2: solution.ssig2, csig2: solution.csig2, dn2: dn2)
                distance = l.s12b * b
            }
        }

        // Undo the canonical reduction. Swapping the ends reverses the direction of travel,
        // which turns each azimuth α into α + 180°, i.e. negates both its sine and cosine.
        if swapped {
            swap(&salp1, &salp2)
            swap(&calp1, &calp2)
        }
        let swapSign: Double = swapped ? -1 : 1
        salp1 *= swapSign * lonSign
        calp1 *= swapSign * latSign
        salp2 *= swapSign * lonSign
        calp2 *= swapSign * latSign
        return InverseResult(
            distance: 0 + distance, salp1: salp1, calp1: calp1, salp2: salp2, calp2: calp2)
    }
}

// MARK: - Inverse problem: starting guess and Newton's method

extension GeodesicSolver {
    struct StartingGuess {
        /// The arc length σ₁₂ when the short-line closed form already solved the problem,
        /// otherwise −1.
        var sig12: Double
        var salp1: Double, calp1: Double
        /// Final azimuth and mid-latitude factor √(1 + e′² sin² βₘ), set only with `sig12`.
        var salp2: Double, calp2: Double, dnm: Double
    }

    /// A first approximation to the azimuth α₁ at the start (section 5 of the paper).
    ///
    /// Normally the great circle on a sphere whose longitude scale is that of the mean
    /// latitude. For nearly antipodal points that guess can be poor, because there the
    /// geodesic's azimuth depends strongly on the exact position, and the astroid
    /// approximation (eq. 55) is used instead.
    func inverseStart(
        sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, dn2: Double,
        lam12: Double, slam12: Double, clam12: Double
    ) -> StartingGuess {
        var guess = StartingGuess(
            sig12: -1, salp1: 0, calp1: 0, salp2: .nan, calp2: .nan, dnm: .nan)
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1  // sin(β₂ − β₁)
        let cbet12 = cbet2 * cbet1 + sbet2 * sbet1  // cos(β₂ − β₁)
        let sbet12a = sbet2 * cbet1 + cbet2 * sbet1  // sin(β₂ + β₁)

        let shortLine = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
        var somg12: Double
        var comg12: Double
        if shortLine {
            // Scale the longitude by the curvature at the mean latitude (sin² βₘ from the
            // half-angle formula).
            var sbetm2 = (sbet1 + sbet2) * (sbet1 + sbet2)
            sbetm2 /= sbetm2 + (cbet1 + cbet2) * (cbet1 + cbet2)
            guess.dnm = (1 + ep2 * sbetm2).squareRoot()
            let omg12 = lam12 / (f1 * guess.dnm)
            somg12 = sin(omg12)
            comg12 = cos(omg12)
        } else {
            somg12 = slam12
            comg12 = clam12
        }

        // Great-circle azimuth on the auxiliary sphere, written with whichever half-angle
        // form avoids cancellation for ω₁₂ below or above 90°.
        var salp1 = cbet2 * somg12
        var calp1 =
            comg12 >= 0
            ? sbet12 + cbet2 * sbet1 * somg12 * somg12 / (1 + comg12)
            : sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
        let ssig12 = hypot(salp1, calp1)
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12

        if shortLine && ssig12 < shortLineLimit {
            // Really short: the spherical solution is the answer.
            let t = comg12 >= 0 ? somg12 * somg12 / (1 + comg12) : 1 - comg12
            (guess.salp2, guess.calp2) = DegreeMath.unit(cbet1 * somg12, sbet12 - cbet1 * sbet2 * t)
            guess.sig12 = atan2(ssig12, csig12)
        } else if abs(n) >= 0.1 || csig12 >= 0 || ssig12 >= 6 * abs(n) * Double.pi * cbet1 * cbet1 {
            // Not nearly antipodal (or too eccentric for the astroid model): keep the
            // spherical guess.
        } else {
            // Nearly antipodal. Measure the offsets from the antipode in units of the scale on
            // which the ellipsoid's geodesics differ from great circles, then solve the astroid
            // (the paper's eqs. 53–57).
            let lam12x = atan2(-slam12, -clam12)  // λ₁₂ − π
            let x: Double
            let y: Double
            let lamScale: Double
            if f >= 0 {
                let eps = GeodesicSeries.epsilon(k2: sbet1 * sbet1 * ep2)
                lamScale = f * cbet1 * longitudeSeries.a3(eps) * Double.pi
                let betScale = lamScale * cbet1
                x = lam12x / lamScale
                y = sbet12a / betScale
            } else {
                // Prolate: the roles of x and y swap, and the scale comes from the reduced
                // length of the meridian through the pole.
                let cbet12a = cbet2 * cbet1 - sbet2 * sbet1
                let bet12a = atan2(sbet12a, cbet12a)
                let l = lengths(
                    eps: n, sig12: Double.pi + bet12a, ssig1: sbet1, csig1: -cbet1, dn1: dn1,
                    ssig2: sbet2, csig2: cbet2, dn2: dn2)
                x = -1 + l.m12b / (cbet1 * cbet2 * l.m0 * Double.pi)
                let betScale = x < -0.01 ? sbet12a / x : -f * cbet1 * cbet1 * Double.pi
                lamScale = betScale / cbet1
                y = lam12x / lamScale
            }

            if y > -Self.tol1 && x > -1 - Self.xThreshold {
                // On (or very near) the line y = 0 the astroid degenerates; the geodesic then
                // leaves at the azimuth given directly by x.
                if f >= 0 {
                    salp1 = min(1, -x)
                    calp1 = -(1 - salp1 * salp1).squareRoot()
                } else {
                    calp1 = max(x > -Self.tol1 ? 0 : -1, x)
                    salp1 = (1 - calp1 * calp1).squareRoot()
                }
            } else {
                let k = astroidRoot(x, y)
                let omg12a = lamScale * (f >= 0 ? -x * k / (1 + k) : -y * (1 + k) / k)
                somg12 = sin(omg12a)
                comg12 = -cos(omg12a)
                salp1 = cbet2 * somg12
                calp1 = sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
            }
        }
        // Keep α₁ in (0°, 180°) — the canonical configuration heads east.
        if !(salp1 <= 0) {
            (guess.salp1, guess.calp1) = DegreeMath.unit(salp1, calp1)
        } else {
            (guess.salp1, guess.calp1) = (1, 0)
        }
        return guess
    }

    struct Lambda12 {
        /// λ₁₂(α₁) minus the target λ₁₂: the residual Newton's method drives to zero.
        var residual: Double
        var derivative: Double
        var salp2: Double, calp2: Double
        var sig12: Double, ssig1: Double, csig1: Double, ssig2: Double, csig2: Double
        var eps: Double
    }

    /// The longitude difference reached at latitude β₂ by the geodesic leaving β₁ at azimuth
    /// α₁ (the "hybrid" problem, eqs. 5–7 and 23), and its derivative with respect to α₁
    /// (eq. 46), which is the reduced length in disguise.
    func lambda12(
        sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, dn2: Double,
        salp1: Double, calp1: Double, slam120: Double, clam120: Double, wantDerivative: Bool
    ) -> Lambda12 {
        // Heading exactly north from the equator would make α₀ ill-defined; nudge it.
        let calp1 = sbet1 == 0 && calp1 == 0 ? -Self.tiny : calp1

        let salp0 = salp1 * cbet1  // Clairaut's constant, sin α₀
        let calp0 = hypot(calp1, salp1 * sbet1)

        // σ₁ and ω₁ from the equator crossing (eq. 11).
        let somg1 = salp0 * sbet1
        let comg1 = calp1 * cbet1
        let (ssig1, csig1) = DegreeMath.unit(sbet1, comg1)

        // α₂ from Clairaut's relation; cos α₂ is formed from the difference of the squares
        // of cos β so that it stays accurate when α₂ is close to 90°.
        let salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
        let calp2: Double
        if cbet2 != cbet1 || abs(sbet2) != -sbet1 {
            let dcb =
                cbet1 < -sbet1
                ? (cbet2 - cbet1) * (cbet1 + cbet2)
                : (sbet1 - sbet2) * (sbet1 + sbet2)
            calp2 = ((calp1 * cbet1) * (calp1 * cbet1) + dcb).squareRoot() / cbet2
        } else {
            calp2 = abs(calp1)
        }
        let somg2 = salp0 * sbet2
        let comg2 = calp2 * cbet2
        let (ssig2, csig2) = DegreeMath.unit(sbet2, comg2)

        // σ₁₂ and ω₁₂ in [0, π], from differences that cannot go negative by more than rounding.
        let sig12 = atan2(max(0, csig1 * ssig2 - ssig1 * csig2) + 0, csig1 * csig2 + ssig1 * ssig2)
        let somg12 = max(0, comg1 * somg2 - somg1 * comg2) + 0
        let comg12 = comg1 * comg2 + somg1 * somg2
        // ω₁₂ − λ₁₂(target), computed as one angle so nothing cancels when they are close.
        let eta = atan2(
            somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)

        let eps = GeodesicSeries.epsilon(k2: calp0 * calp0 * ep2)
        let c3 = longitudeSeries.c3(eps)
        let b312 = c3.sum(sin: ssig2, cos: csig2) - c3.sum(sin: ssig1, cos: csig1)
        let domg12 = -f * longitudeSeries.a3(eps) * salp0 * (sig12 + b312)  // λ₁₂ − ω₁₂ (eq. 8)

        var derivative = Double.nan
        if wantDerivative {
            if calp2 == 0 {
                // Arriving due east/west at β₂: the general formula is 0/0; this is its limit.
                derivative = -2 * f1 * dn1 / sbet1
            } else {
                let l = lengths(
                    eps: eps, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1,
                    ssig2: ssig2, csig2: csig2, dn2: dn2)
                derivative = l.m12b * f1 / (calp2 * cbet2)
            }
        }
        return Lambda12(
            residual: eta + domg12, derivative: derivative, salp2: salp2, calp2: calp2,
            sig12: sig12, ssig1: ssig1, csig1: csig1, ssig2: ssig2, csig2: csig2, eps: eps)
    }

    /// Finds α₁ such that the geodesic reaches the target longitude (section 4): Newton's
    /// method, which converges quadratically from the starting guess, safeguarded by keeping
    /// a bracket [α₁ₐ, α₁ᵦ] around the root and bisecting whenever a Newton step leaves
    /// the valid range or the iteration stalls. `salp1`/`calp1` hold the guess on entry and the
    /// solution on return.
    func solveAzimuth(
        sbet1: Double, cbet1: Double, dn1: Double, sbet2: Double, cbet2: Double, dn2: Double,
        slam12: Double, clam12: Double, salp1: inout Double, calp1: inout Double
    ) -> Lambda12 {
        var iterations = 0
        var nearlyConverged = false  // a Newton step just brought the residual near zero
        var bracketCollapsed = false
        // The bracket: λ₁₂ is increasing in α₁ on (0, π).
        var salp1a = Self.tiny, calp1a = 1.0
        var salp1b = Self.tiny, calp1b = -1.0

        while true {
            let v = lambda12(
                sbet1: sbet1, cbet1: cbet1, dn1: dn1, sbet2: sbet2, cbet2: cbet2, dn2: dn2,
                salp1: salp1, calp1: calp1, slam120: slam12, clam120: clam12,
                wantDerivative: iterations < Self.newtonIterations)
            // After a Newton step that landed within 16 ulp, accept anything within 8 ulp:
            // the remaining error is rounding noise, not a lack of convergence.
            if bracketCollapsed
                || !(abs(v.residual) >= (nearlyConverged ? 8 : 1) * Self.tol0)
                || iterations == Self.maxIterations
            {
                return v
            }
            // Shrink the bracket with the current point (after the Newton phase, always).
            if v.residual > 0 && (iterations > Self.newtonIterations || calp1 / salp1 > calp1b / salp1b) {
                (salp1b, calp1b) = (salp1, calp1)
            } else if v.residual < 0
                && (iterations > Self.newtonIterations || calp1 / salp1 < calp1a / salp1a)
            {
                (salp1a, calp1a) = (salp1, calp1)
            }
            iterations += 1

            if iterations < Self.newtonIterations && v.derivative > 0 {
                let dalp1 = -v.residual / v.derivative
                if abs(dalp1) < Double.pi {
                    let sdalp1 = sin(dalp1)
                    let cdalp1 = cos(dalp1)
                    let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
                    if nsalp1 > 0 {
                        calp1 = calp1 * cdalp1 - salp1 * sdalp1
                        (salp1, calp1) = DegreeMath.unit(nsalp1, calp1)
                        nearlyConverged = abs(v.residual) <= 16 * Self.tol0
                        continue
                    }
                }
            }
            // Bisection (by the mean of the unit vectors, which bisects the angle).
            (salp1, calp1) = DegreeMath.unit((salp1a + salp1b) / 2, (calp1a + calp1b) / 2)
            nearlyConverged = false
            bracketCollapsed =
                abs(salp1a - salp1) + (calp1a - calp1) < Self.tolBisection
                || abs(salp1 - salp1b) + (calp1 - calp1b) < Self.tolBisection
        }
    }
}
