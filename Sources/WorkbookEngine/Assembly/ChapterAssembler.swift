/// Resolves groups and output blocks into compiled units and checks that every unit can be
/// wrapped safely: braces balance, test names are unique, declarations hold no tests.
enum ChapterAssembler {
    /// Builds the chapter model from extracted items, or throws every problem found.
    static func chapter(
        file: ChapterFile, items: [ExtractedItem]
    ) throws(DiagnosticList) -> Chapter {
        var assembler = State(path: file.relativePath, moduleName: file.moduleName)
        for item in items {
            assembler.add(item)
        }
        let units = assembler.units()
        guard assembler.problems.isEmpty else { throw DiagnosticList(assembler.problems) }
        return Chapter(
            file: file, title: assembler.title ?? file.fileName, blocks: assembler.blocks,
            units: units, hints: assembler.hints)
    }

    private struct PendingUnit {
        var role: BlockRole
        var group: String?
        var parts: [Block] = []
        var outputs: [OutputBlock] = []
    }

    private struct State {
        let path: String
        /// The chapter's test class (and module).
        let moduleName: String
        var problems: [Diagnostic] = []
        var title: String?
        var hints: [Hint] = []
        var blocks: [Block] = []
        var pending: [PendingUnit] = []
        var groupIndex: [String: Int] = [:]
        /// The unit of the nearest `swift` block above, if it is an example.
        var exampleAbove: Int?

        init(path: String, moduleName: String) {
            self.path = path
            self.moduleName = moduleName
        }

        mutating func fail(_ line: Int, _ message: String) {
            problems.append(Diagnostic(file: path, line: line, message: message))
        }

        mutating func add(_ item: ExtractedItem) {
            switch item {
            case .output(let output):
                guard let index = exampleAbove else {
                    fail(
                        output.fenceLine,
                        "\(output.kind.rawValue) block has no example before it (the nearest swift block above must be `swift example`)"
                    )
                    return
                }
                if let problem = MarbleFence.conflict(adding: output, to: pending[index].outputs) {
                    fail(output.fenceLine, problem)
                    return
                }
                let printed = pending[index].outputs.filter { $0.kind == .output }
                if output.kind == .output, let first = printed.first,
                    first.observedOn != output.observedOn
                {
                    fail(
                        output.fenceLine,
                        "this example's output blocks disagree on observed-on (the first, at line \(first.fenceLine), says \(first.observedOn ?? "nothing"))"
                    )
                }
                pending[index].outputs.append(output)
            case .swift(let block, let declaredRole):
                add(block, declaredRole: declaredRole)
            case .title(let text):
                title = title ?? text
            case .hint(let hint):
                hints.append(hint)
            }
        }

        mutating func add(_ block: Block, declaredRole: BlockRole?) {
            var block = block
            var role = block.role
            var unitIndex: Int?
            if let group = block.group {
                if let index = groupIndex[group] {
                    let groupRole = pending[index].role
                    if let own = declaredRole, !Self.compatible(own, with: groupRole) {
                        fail(
                            block.fenceLine,
                            "block's role differs from the first block of group '\(group)'; a group shares its first block's role"
                        )
                    }
                    role = groupRole
                    unitIndex = index
                } else {
                    pending.append(PendingUnit(role: role, group: group))
                    groupIndex[group] = pending.count - 1
                    unitIndex = pending.count - 1
                }
            } else if role.isCompiled {
                pending.append(PendingUnit(role: role, group: nil))
                unitIndex = pending.count - 1
            }
            block.role = role
            blocks.append(block)
            if let unitIndex {
                pending[unitIndex].parts.append(block)
            }
            if case .example = role, let unitIndex {
                exampleAbove = unitIndex
            } else {
                exampleAbove = nil
            }
        }

        static func compatible(_ role: BlockRole, with groupRole: BlockRole) -> Bool {
            switch (role, groupRole) {
            case (.example(nil), .example), (.test, .test): return true
            case (.example(let name), .example(let groupName)): return name == groupName
            default: return false
            }
        }

        /// Refuses what would hide tests from the workbook, its errors from the chapter or
        /// the runtime from the generated code: XCTest runs every test method of every
        /// `XCTestCase` subclass, extensions included, but the workbook runs and reports
        /// only the tests it declares; a `#sourceLocation` would move the compiler's errors
        /// out of the chapter; and a type named `WorkbookRuntime` or `WorkbookTimelines`
        /// would stand where the generated code names the runtime's modules.
        mutating func refuseHiddenTests(_ scan: SwiftScan) {
            for line in scan.sourceLocationLines {
                fail(
                    line,
                    "`#sourceLocation` is reserved for the generated file (it maps errors back to this chapter); remove it"
                )
            }
            for type in scan.declaredTypeNames
            where type.name == "WorkbookRuntime" || type.name == "WorkbookTimelines" {
                fail(
                    type.line,
                    "a type named \(type.name) would hide the module the generated test calls (its output and diagram checks among them); rename it"
                )
            }
            for declaration in scan.typeDeclarations {
                if declaration.keyword == "class",
                    declaration.words.dropFirst().contains("XCTestCase")
                {
                    fail(
                        declaration.line,
                        "class '\(declaration.words[0])' derives from XCTestCase: XCTest would run its tests, which the workbook neither runs nor reports; write tests in a `swift test` block"
                    )
                } else if declaration.keyword == "extension",
                    let name = declaration.name,
                    name == "XCTestCase" || name == moduleName
                {
                    for function in declaration.functions where function.isTestMethod {
                        fail(
                            function.line,
                            "test method '\(function.name)()' in an extension of \(name) would run unseen by the workbook; write tests in a `swift test` block"
                        )
                    }
                }
            }
        }

        mutating func units() -> [CompiledUnit] {
            var units: [CompiledUnit] = []
            var seenNames: [String: [(unit: Int, function: SwiftScan.Function)]] = [:]
            for unit in pending {
                guard let first = unit.parts.first else { continue }
                let scan = SwiftLexer.scan(unit.parts.map { ($0.code, $0.codeLine) })
                let what = unit.group.map { "group '\($0)'" } ?? "block"
                if let line = scan.unmatchedClosingLines.first {
                    fail(line, "'}' closes more than this \(what) opens")
                } else if let line = scan.unclosedOpeningLines.first {
                    fail(line, "'{' is never closed in this \(what)")
                } else if let line = scan.unterminatedLine {
                    fail(line, "\(scan.unterminatedWhat ?? "literal") never ends in this \(what)")
                }
                if unit.role.isCompiled { refuseHiddenTests(scan) }
                let kind: CompiledUnit.Kind
                var named: [SwiftScan.Function] = []
                switch unit.role {
                case .declarations:
                    for function in scan.topLevelFunctions where function.isTestMethod {
                        fail(
                            function.line,
                            "a declarations block declares test method '\(function.name)()'; mark the block `swift test`"
                        )
                    }
                    kind = .declarations
                case .test:
                    let tests = scan.topLevelFunctions.filter(\.isTestMethod)
                    for test in tests where test.isRawIdentifier {
                        fail(
                            test.line,
                            "test name `\(test.name)` is a raw identifier, which XCTest on Linux cannot run by name; use letters, digits and _"
                        )
                    }
                    named = tests
                    var declared: [ChapterTest] = []
                    for test in tests where !declared.contains(where: { $0.name == test.name }) {
                        declared.append(ChapterTest(name: test.name, line: test.line))
                    }
                    kind = .tests(declared)
                case .example(let explicit):
                    guard let base = explicit ?? unit.group ?? first.headingSlug, !base.isEmpty
                    else {
                        fail(
                            first.fenceLine,
                            "example has no name: add example=NAME or a heading above it")
                        continue
                    }
                    let name = "test_" + String(base.map { $0 == "-" ? "_" : $0 })
                    named = [SwiftScan.Function(name: name, line: first.fenceLine)]
                    kind = .example(
                        test: ChapterTest(name: name, line: first.codeLine), output: unit.outputs)
                case .excerpt, .ignore:
                    continue
                }
                for function in named {
                    let earlier = seenNames[function.name, default: []]
                    if let clash = earlier.first(where: {
                        $0.unit != units.count || $0.function.canCoexist(with: function)
                    }) {
                        fail(
                            function.line,
                            "duplicate test name '\(function.name)' (also at line \(clash.function.line)); rename it or give the example example=NAME"
                        )
                    }
                    seenNames[function.name, default: []].append((units.count, function))
                }
                units.append(CompiledUnit(kind: kind, parts: unit.parts))
            }
            return units
        }
    }
}
