import MapCommandLine
import MapErrors
import MapGeometry
import MapPage

/// The options of maps for print: framing by a box or a scale ratio, and the page (paper,
/// resolution, margins).
enum PageOptions {
    static let framing: [BoundOption<RenderRequest>] = [
        .value(
            "--bbox", valueName: "W,S,E,N", section: .framing,
            help: "show exactly this box (degrees; W > E crosses the antimeridian), no padding; the map takes"
                + " the box's shape within the canvas or frame"
        ) { request, value throws(MapError) in
            do throws(PageValueError) {
                request.page.bbox = try BoundingBox(parsing: value.text)
            } catch {
                throw PageRequest.error(error, option: value.option)
            }
        },
        .value(
            "--scale-ratio", valueName: "1:N", section: .framing,
            help: "true scale at the map's centre (1:25000 or 25000), around --center or the centre of the"
                + " inputs; on paper a point is 1/72 in, on screen 1/96 in at the recorded DPI"
        ) { request, value throws(MapError) in
            do throws(PageValueError) {
                request.page.scaleRatio = try ScaleRatio(parsing: value.text)
            } catch {
                throw PageRequest.error(error, option: value.option)
            }
        },
    ]

    static let paper: [BoundOption<RenderRequest>] = [
        .value(
            "--paper", valueName: "NAME", section: .look,
            completion: .choices(Paper.names.flatMap { [$0, $0 + "-landscape"] }),
            help: "draw a page: " + Paper.names.joined(separator: ", ")
                + ", portrait or NAME-landscape; sizes in points on paper (1/72 in); the later of --paper,"
                + " --page and --size wins"
        ) { request, value throws(MapError) in
            do throws(PageValueError) {
                request.page.paper = try Paper(named: value.text)
            } catch {
                throw PageRequest.error(error, option: value.option)
            }
            // A page is sized by itself and its --dpi: an earlier --size or --scale gives way.
            (request.page.setsSize, request.page.setsScale) = (false, false)
        },
        .value(
            "--page", valueName: "WxHUNIT", section: .look,
            help: "draw a page of this size: 210x297mm, 8.5x11in (mm, cm, in or pt)"
        ) { request, value throws(MapError) in
            do throws(PageValueError) {
                request.page.paper = try Paper(size: value.text)
            } catch {
                throw PageRequest.error(error, option: value.option)
            }
            // A page is sized by itself and its --dpi: an earlier --size or --scale gives way.
            (request.page.setsSize, request.page.setsScale) = (false, false)
        },
        .value(
            "--dpi", valueName: "N", section: .look,
            help: "pixels per inch of PNG, JPEG and WebP (default 300 on paper, else 96 × --scale), recorded in"
                + " PNG and JPEG; on screen --dpi N is --scale N/96 (the later one wins)"
        ) { request, value throws(MapError) in
            let range = PageLayout.dpiRange
            guard let dpi = Double(value.text.trimmingCharacters(in: " ")), dpi.isFinite, range.contains(dpi) else {
                throw MapError(
                    .invalidRequest,
                    "--dpi: '\(value.text)' is outside \(Int(range.lowerBound))-\(Int(range.upperBound))",
                    remedy: "give pixels per inch, e.g. 300")
            }
            request.page.dpi = dpi
            request.page.setsScale = false
        },
        .value(
            "--margin", valueName: "LEN|T,R,B,L", section: .look,
            help: "paper margins, one length or four (top, right, bottom, left) in mm, cm, in or pt"
                + " (default 10mm); the map fills the frame inside them, with a neatline"
        ) { request, value throws(MapError) in
            do throws(PageValueError) {
                request.page.margins = try EdgeInsets(margins: value.text)
            } catch {
                throw PageRequest.error(error, option: value.option)
            }
        },
    ]
}
