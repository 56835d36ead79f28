import WorkbookEngine
import ArgumentParser
print(Placeholder.version)
