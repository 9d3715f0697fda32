import Foundation
import Testing

@testable import MapDataCommands
@testable import MapRenderCommand

/// The option tables themselves: complete and unambiguous.
@Suite("the option tables")
struct OptionTableTests {
    static let commands = CommandTable.root.allCommands

    @Test("every option has a help line, and a value name exactly when it takes a value")
    func helpLines() {
        for command in Self.commands {
            for option in command.options + command.forwardedOptions {
                #expect(
                    !option.help.trimmingCharacters(in: .whitespaces).isEmpty, "\(command.invocation) \(option.name)")
                #expect(!option.help.contains("\n"), "\(command.invocation) \(option.name): one line")
                #expect((option.valueName != nil) == option.takesValue, "\(command.invocation) \(option.name)")
                #expect(
                    option.takesValue || option.completion.isEmpty,
                    "\(command.invocation) \(option.name): a flag completes nothing")
            }
        }
    }

    @Test("no two options of a command share a name, and every name is well formed")
    func uniqueNames() {
        for command in Self.commands {
            let names = (command.options + command.forwardedOptions).flatMap(\.names)
            let repeated = Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
            #expect(repeated.isEmpty, "\(command.invocation): \(repeated)")
            for name in names {
                let isLong =
                    name.hasPrefix("--") && name.count > 3
                    && name.dropFirst(2).allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }
                let isShort = name.count == 2 && name.hasPrefix("-") && name.last!.isLetter
                #expect(isLong || isShort, "\(command.invocation): \(name)")
            }
        }
    }

    @Test("the parsing tables are the tables help and the generators see")
    func sameTables() {
        #expect(CommandTable.command(at: ["render"])?.options.dropLast() == RenderOptions.table.specs[...])
        #expect(CommandTable.command(at: ["track", "stats"])?.options.dropLast() == TrackOptions.stats.specs[...])
        #expect(CommandTable.command(at: ["track", "events"])?.options.dropLast() == TrackOptions.events.specs[...])
        for (name, table) in PlacesOptions.tables {
            #expect(
                CommandTable.command(at: ["places", name])?.options.dropLast() == table.specs[...], "places \(name)")
        }
        #expect(Set(PlacesOptions.tables.keys) == Set(PlacesOptions.command.subcommandNames))
        let batch = CommandTable.command(at: ["batch"])
        #expect((batch?.options.dropLast() ?? []) + (batch?.forwardedOptions ?? []) == BatchOptions.table.specs)
    }

    @Test("every command says what it does and how it is called")
    func commands() {
        for command in Self.commands {
            #expect(!command.summary.isEmpty && !command.usage.isEmpty, "\(command.invocation)")
            #expect(
                command.subcommands.isEmpty || command.operands.isEmpty,
                "\(command.invocation): subcommands or operands, not both")
        }
    }
}
