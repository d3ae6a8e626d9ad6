/// Every command `squarecam` knows, in the order `--help` lists them.
let allCommands: [any Command.Type] = [
    ShootCommand.self,
    DevicesCommand.self,
    CropCommand.self,
]
